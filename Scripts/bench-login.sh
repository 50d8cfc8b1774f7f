#!/usr/bin/env bash
# Login timing must not tell whether an e-mail has an account: a wrong
# password for a known e-mail against a wrong password for an unknown one,
# through the release binary, interleaved. Each attempt uses an e-mail of its
# own, so the throttle (five free attempts) never steps in.
# Prints both medians and how far apart they are (target: under 10 %).
# Usage: Scripts/bench-login.sh [ATTEMPTS]
set -euo pipefail
source "$(dirname "$0")/env.sh"
bash Scripts/bootstrap.sh
swift build -c release --product wayfarer >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "${1:-10}" <<'PY'
import os, statistics, subprocess, sys, time
work, attempts = sys.argv[1], int(sys.argv[2])
env = dict(os.environ, WAYFARER_HOME=f"{work}/home")
binary = ".build/release/wayfarer"

def run(lines):
    start = time.perf_counter()
    result = subprocess.run([binary], input="".join(l + "\n" for l in lines).encode(), env=env,
                            stdout=subprocess.PIPE, check=True)
    return time.perf_counter() - start, result.stdout.decode()

for n in range(attempts):  # the known accounts, one per attempt
    run(["register", "Ada", "Lovelace", f"known{n}@example.com", "correct horse", "correct horse",
         "profile", "logout", "quit"])
samples = {"known": [], "unknown": []}
for n in range(attempts):
    for kind in ("known", "unknown"):
        elapsed, out = run(["login", f"{kind}{n}@example.com", "wrong password", "quit"])
        assert "E-mail or password is incorrect" in out, out
        samples[kind].append(elapsed * 1000)
known, unknown = (statistics.median(samples[k]) for k in ("known", "unknown"))
print(f"attempts: {attempts} of each, interleaved, one process each")
print(f"wrong password, known e-mail:   median {known:.1f} ms")
print(f"wrong password, unknown e-mail: median {unknown:.1f} ms")
print(f"difference: {abs(unknown - known) / known * 100:.1f} % (target < 10 %)")
PY
