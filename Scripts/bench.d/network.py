"""The search row: GitHub searches from a loopback server (the same 30-item
page in GitHub's full shape, served by github_server.py in a process of its
own), through the release binary piped, against Python's requests.Session
and json.loads fetching the same pages and formatting the same 30 rows.

Both sides are wall time of the searches alone: ours the piped run less the
same run without the searches, Python's its loop."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from common import Result
from process import logged_in_home, release

HERE = os.path.dirname(os.path.abspath(__file__))

CLIENT = """
import json, os, sys, time
import requests
port, count = int(sys.argv[1]), int(sys.argv[2])
session = requests.Session()
out = open(os.devnull, "w")
start = time.perf_counter()
for n in range(count):
    reply = session.get(f"http://127.0.0.1:{port}/search/repositories",
                        params={"q": f"query {n}", "sort": "best-match", "per_page": 30, "page": 1})
    reply.raise_for_status()
    page = json.loads(reply.content)
    rows = [f"{i:4}. {r['full_name']}\\n      {r['stargazers_count']:,} stars · {r['language']}\\n"
            f"      {r['description']}" for i, r in enumerate(page["items"], 1)]
    out.write(f"Showing {len(rows)} of {page['total_count']:,} repositories\\n" + "\\n".join(rows) + "\\n")
print(time.perf_counter() - start)
"""


def wall(command, script, env):
    """Wall seconds of a piped run, and what it printed."""
    start = time.perf_counter()
    completed = subprocess.run(command, input=script.encode(), env=env, capture_output=True, check=True)
    return time.perf_counter() - start, completed.stdout


def search(rounds, smoke):
    count = 20 if smoke else 1_000
    folder = tempfile.mkdtemp(prefix="wayfarer-bench-search-")
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "github_server.py")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        wayfarer = release("wayfarer")
        env = dict(os.environ, WAYFARER_HOME=logged_in_home(folder, wayfarer),
                   WAYFARER_GITHUB_URL=f"http://127.0.0.1:{port}")
        env.pop("GITHUB_TOKEN", None)
        searches = "tab explore\n" + "".join(f"search query {n}\n" for n in range(count)) + "quit\n"
        nothing = "tab explore\nquit\n"
        client = os.path.join(folder, "client.py")
        with open(client, "w", encoding="utf-8") as out:
            out.write(CLIENT)
        result = Result("search", f"{count:,} GitHub searches: fetch, decode, draw 30 rows",
                        "Python requests.Session + json.loads, same pages", "<= 1.00")
        for _ in range(rounds):
            python = float(subprocess.run([sys.executable, client, str(port), str(count)], capture_output=True,
                                          text=True, check=True).stdout)
            searched, printed = wall([wayfarer], searches, env)
            ours = searched - wall([wayfarer], nothing, env)[0]
            if printed.count(b"  30. owner30/repo-30") != count:
                raise SystemExit("bench: the searches did not all show their 30 rows")
            result.ratios.append(ours / python)
            result.figures = f"{ours:.2f} s vs {python:.2f} s ({ours / count * 1e3:.2f} ms a search)"
        return [result]
    finally:
        server.stdin.close()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
