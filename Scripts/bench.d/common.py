"""What every benchmark row shares: the repository's root, a result, timing."""
import math
import os
import re
import statistics
import subprocess
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@dataclass
class Result:
    """One line of a row: its ratio in each round against the baseline."""

    row: str
    label: str
    baseline: str
    goal: str
    ratios: list = field(default_factory=list)
    figures: str = ""
    # Why the goal may be out of reach, and what the floor is, measured: for
    # a row whose yardstick is stricter than what any version could reach.
    # Written under the table when the median misses the goal.
    floor: str = ""

    def spread(self):
        if not self.ratios:
            return (float("nan"),) * 3
        return min(self.ratios), statistics.median(self.ratios), max(self.ratios)


def misses(median, goal):
    """Whether `median`, to the two places the table shows, is outside
    `goal` ("<= 2.00" or "0.90–1.10")."""
    if math.isnan(median):
        return False  # no figures: the row's own line shows nan, not a miss
    median = round(median, 2)
    numbers = [float(number) for number in re.findall(r"[0-9]+(?:\.[0-9]+)?", goal)]
    if goal.startswith("<=") and numbers:
        return not median <= numbers[0]
    if goal.startswith(">=") and numbers:
        return not median >= numbers[0]
    if len(numbers) == 2:
        return not numbers[0] <= median <= numbers[1]
    return False


def ratio_line(result):
    low, mid, high = result.spread()
    return (f"  {result.label:44} {low:6.2f} {mid:6.2f} {high:6.2f}   goal {result.goal:8}  "
            f"vs {result.baseline}{'  (' + result.figures + ')' if result.figures else ''}")


def timed(command, cwd=ROOT, env=None, stdin=None):
    """Wall seconds of `command` (its output dropped); fails loudly if it fails."""
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, env=env, input=stdin, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        raise SystemExit(f"bench: {' '.join(command)} failed:\n{completed.stderr.decode(errors='replace')[-2000:]}")
    return elapsed


def swift_env():
    """The environment Scripts/env.sh sets up (the toolchain on PATH)."""
    env = dict(os.environ)
    if os.path.isdir("/opt/swift/usr/bin") and "/opt/swift/usr/bin" not in env.get("PATH", ""):
        env["PATH"] = "/opt/swift/usr/bin:" + env.get("PATH", "")
    env.pop("WAYFARER_STRICT", None)
    return env
