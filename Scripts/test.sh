#!/usr/bin/env bash
# One command from a fresh clone to a passing test suite: installs the system
# packages, builds everything (the wayfarer binary included: the end-to-end
# tests run it) and runs every test.
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build --build-tests
# XCTest holds every test; --disable-swift-testing keeps the summary line
# the one XCTest prints.
swift test --skip-build --disable-swift-testing "$@"
