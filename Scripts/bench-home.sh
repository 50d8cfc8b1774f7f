#!/usr/bin/env bash
# Home's speed: the libcurl client against Foundation's URLSession fetching
# and decoding Geoapify-sized pages from a loopback server (target: at least
# 2.5 times as fast), and filtering and drawing 10,000 places (target: under
# 10 ms). Usage: Scripts/bench-home.sh [PAGES]
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build -c release --product home-bench >&2
.build/release/home-bench "${1:-2000}"
