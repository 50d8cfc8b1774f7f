#!/usr/bin/env bash
# One command from a fresh clone to a running Wayfarer: installs the system
# packages, builds a release binary and starts it. Arguments go to wayfarer.
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
binary=$(bash Scripts/build-release.sh)
exec "$binary" "$@"
