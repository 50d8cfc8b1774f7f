#!/usr/bin/env bash
# One command from a fresh clone to a passing test suite: installs the system
# packages, builds everything (the wayfarer binary included: the end-to-end
# tests run it) and runs every test. Arguments go to `swift test`
# (Scripts/test.sh --filter AppTests).
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build --build-tests --explicit-target-dependency-import-check error

# XCTest holds every test. --parallel runs each test in a process of its own,
# one per core at a time (on 2 cores about 15 s, against 19 s one after
# another); a failing test's whole output is printed. --disable-swift-testing
# leaves out Swift Testing's run of no tests. The summary is read from the
# xUnit report, as --parallel prints none of its own.
report=$(mktemp)
# The tests run with a temporary folder of their own (they must pass under
# any TMPDIR), and must leave nothing in it: what they leave is named below
# and fails the run. SwiftPM's own locks and scratch folders are not theirs.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/wayfarer-test-run.XXXXXX")
trap 'rm -f "$report"; rm -rf "$scratch"' EXIT
status=0
TMPDIR=$scratch swift test --skip-build --parallel --disable-swift-testing --xunit-output "$report" "$@" || status=$?
left=$(find "$scratch" -mindepth 1 -maxdepth 1 ! -name 'TemporaryDirectory.*' ! -name '*.lock' -printf '  %f\n')

totals=$(grep -o '<testsuite name="TestResults"[^>]*>' "$report" || true)
if [ -z "$totals" ]; then
  echo "test.sh: swift test wrote no report (exit status $status)" >&2
  exit $((status == 0 ? 1 : status))
fi
count() { sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p" <<<"$totals"; }
failed=$(grep -B1 '<failure' "$report" | sed -n 's/.*classname="\([^"]*\)" name="\([^"]*\)".*/  \1\/\2/p' || true)
echo "Ran $(count tests) tests, each in its own process: $(count failures) failed, $(count errors) errors."
if [ -n "$failed" ]; then
  echo "Failed:"
  echo "$failed"
fi
if [ -n "$left" ]; then
  echo "Tests left these behind in their temporary folder:"
  echo "$left"
  [ "$status" -ne 0 ] || status=1
fi
if [ "$status" -eq 0 ] && { [ -n "$failed" ] || [ "$(count failures)" != 0 ] || [ "$(count errors)" != 0 ]; }; then
  status=1
fi
exit "$status"
