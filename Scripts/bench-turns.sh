#!/usr/bin/env bash
# TURNS questions (default 5,000) to the assistant in one conversation,
# through the real app and App's SQLite store, against a loopback Gemini:
# the time of a turn near the start and near the end (a turn's cost must not
# grow with the conversation).
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh >/dev/null
swift build -c release --product wayfarer-bench >&2
.build/release/wayfarer-bench turns "${1:-5000}"
