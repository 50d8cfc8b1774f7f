#!/usr/bin/env bash
# The Markdown renderer's speed: a 1 MB README rendered to styled lines
# (parse + layout) against cmark-gfm rendering the same file to HTML with the
# same extensions, as its library and as the `cmark-gfm` command, interleaved
# in one run, release build. Prints medians and the ratios (targets: under
# 50 ms, and under 3 times cmark-gfm). Usage: Scripts/bench-markdown.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build -c release --product markdown-bench >&2
.build/release/markdown-bench "${1:-21}"
