#!/usr/bin/env bash
# Records every demo in Demos/ as an asciicast beside its script
# (Demos/NAME.cast), with Wayfarer on a terminal of its own and a throwaway
# home: share one with `asciinema upload`, play it with `asciinema play`.
#
#   Scripts/demos.sh            # typed at 40 ms a key, real time
#   Scripts/demos.sh --fixed    # typed at once on a fixed clock: the same files every run
set -euo pipefail
cd "$(dirname "$0")/.."
options=(--typing 40)
[ "${1:-}" = "--fixed" ] && options=(--typing 0 --clock fixed)

bash Scripts/bootstrap.sh
binary=$(bash Scripts/build-release.sh)
for script in Demos/*.demo; do
  "$binary" demo "$script" --cast "${script%.demo}.cast" --force "${options[@]}"
done
