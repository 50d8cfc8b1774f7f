#!/usr/bin/env bash
# Memory over 10,000 login → four tabs → logout cycles in one process, through
# the real coordinators (the session is marked directly: Argon2id is slow on
# purpose). Passes when peak memory grows < 1 MiB from cycle 1,000 to the end
# and nothing of the tab flow is alive. Usage: Scripts/bench-cycles.sh [CYCLES]
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build -c release --product wayfarer-bench >&2
.build/release/wayfarer-bench "${1:-10000}"
