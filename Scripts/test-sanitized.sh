#!/usr/bin/env bash
# The whole suite under AddressSanitizer, then ThreadSanitizer, each in its
# own build folder (so the normal build is left alone).
#
# Leaks are checked in the wayfarer processes the end-to-end tests start
# (piped and in tmux): they run with ASAN_OPTIONS=detect_leaks=1 and exit
# non-zero on any leak. The XCTest process itself runs with leak checking
# off: on Linux it exits with its test cases, teardown blocks and
# Foundation's Process/Pipe objects still allocated, which LeakSanitizer
# would report as leaks of ours.
# Usage: Scripts/test-sanitized.sh [address|thread]...
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
for sanitizer in "${sanitizers[@]}"; do
  echo "== swift test --sanitize=$sanitizer"
  scratch=".build/sanitize-$sanitizer"
  swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
  ASAN_OPTIONS=detect_leaks=0 swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" \
    --disable-swift-testing
done
