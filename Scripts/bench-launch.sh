#!/usr/bin/env bash
# Launch to first prompt: `wayfarer` with `quit` piped in, against an empty
# Swift program linked with the same libraries, both measured in this run.
# Prints the medians and their ratio (target: at most 1.3).
# Usage: Scripts/bench-launch.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build -c release --product wayfarer >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The baseline: Foundation plus the same C libraries, doing nothing.
cat > "$work/main.swift" <<'SWIFT'
import Foundation
_ = FileHandle.standardInput.availableData
SWIFT
swiftc -O "$work/main.swift" -o "$work/empty" \
  -Xlinker --no-as-needed -lcurl -ledit -lsodium -lsqlite3 -lcmark-gfm -lcmark-gfm-extensions -Xlinker --as-needed >&2

# One launch first so the database exists and caches are warm for both.
mkdir -p "$work/home"
echo quit | WAYFARER_HOME="$work/home" .build/release/wayfarer >/dev/null

python3 - "$work" "${1:-200}" <<'PY'
import os, statistics, subprocess, sys, time
work, runs = sys.argv[1], int(sys.argv[2])
env = dict(os.environ, WAYFARER_HOME=f"{work}/home")
commands = {"empty": [f"{work}/empty"], "wayfarer": [".build/release/wayfarer"]}
samples = {name: [] for name in commands}
for _ in range(runs):  # interleaved, so both see the same machine
    for name, command in commands.items():
        start = time.perf_counter()
        subprocess.run(command, input=b"quit\n", stdout=subprocess.DEVNULL, env=env, check=True)
        samples[name].append(time.perf_counter() - start)
empty, wayfarer = (statistics.median(samples[n]) * 1000 for n in ("empty", "wayfarer"))
print(f"runs: {runs} each, interleaved")
print(f"empty Swift program (same libraries): median {empty:.2f} ms")
print(f"wayfarer, piped quit:                 median {wayfarer:.2f} ms")
print(f"ratio: {wayfarer / empty:.2f} (target <= 1.30)")
PY
ldd .build/release/wayfarer | grep -E "curl|edit|sodium|sqlite" | sed 's/^/wayfarer links: /'
