#!/usr/bin/env bash
# The assistant's streaming speed (issue 11): a loopback Gemini writes a
# 2,000-token reply one token per SSE event; prints the per-token latency from
# the server's write to the terminal's (median, p99; target under 5 ms), the
# whole reply's time against the server's (target under 1.2×) and resident
# memory across a 500-turn conversation. Release build.
# Usage: Scripts/bench-assistant.sh [MICROSECONDS_BETWEEN_TOKENS] (default 1000)
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build -c release --product assistant-bench >&2
.build/release/assistant-bench "${1:-1000}"
