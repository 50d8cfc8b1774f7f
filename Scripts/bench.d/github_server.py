"""A loopback GitHub for the search row: every `GET /search/repositories`
gets the same 30-item page in GitHub's full shape (each item with the URL
templates and counts the real API sends), over HTTP/1.1 keep-alive.

Run as a program of its own (so neither side shares its interpreter):
prints its port, then serves until its standard input closes."""
import http.server
import json
import sys
import threading


URL_TEMPLATES = [
    ("forks_url", "forks"), ("keys_url", "keys{/key_id}"), ("collaborators_url", "collaborators{/collaborator}"),
    ("teams_url", "teams"), ("hooks_url", "hooks"), ("issue_events_url", "issues/events{/number}"),
    ("events_url", "events"), ("assignees_url", "assignees{/user}"), ("branches_url", "branches{/branch}"),
    ("tags_url", "tags"), ("blobs_url", "git/blobs{/sha}"), ("git_tags_url", "git/tags{/sha}"),
    ("git_refs_url", "git/refs{/sha}"), ("trees_url", "git/trees{/sha}"), ("statuses_url", "statuses/{sha}"),
    ("languages_url", "languages"), ("stargazers_url", "stargazers"), ("contributors_url", "contributors"),
    ("subscribers_url", "subscribers"), ("subscription_url", "subscription"), ("commits_url", "commits{/sha}"),
    ("git_commits_url", "git/commits{/sha}"), ("comments_url", "comments{/number}"),
    ("issue_comment_url", "issues/comments{/number}"), ("contents_url", "contents/{+path}"),
    ("compare_url", "compare/{base}...{head}"), ("merges_url", "merges"),
    ("archive_url", "{archive_format}{/ref}"), ("downloads_url", "downloads"), ("issues_url", "issues{/number}"),
    ("pulls_url", "pulls{/number}"), ("milestones_url", "milestones{/number}"),
    ("notifications_url", "notifications{?since,all,participating}"), ("labels_url", "labels{/name}"),
    ("releases_url", "releases{/id}"), ("deployments_url", "deployments"),
]


def item(number):
    owner, name = f"owner{number}", f"repo-{number}"
    full = f"{owner}/{name}"
    api = f"https://api.github.com/repos/{full}"
    record = {
        "id": 1_000_000 + number, "node_id": f"MDEwOlJlcG9zaXRvcnk{number:08d}", "name": name, "full_name": full,
        "private": False,
        "owner": {"login": owner, "id": 2_000_000 + number, "node_id": f"MDQ6VXNlcj{number:08d}",
                  "avatar_url": f"https://avatars.githubusercontent.com/u/{2_000_000 + number}?v=4",
                  "gravatar_id": "", "url": f"https://api.github.com/users/{owner}",
                  "html_url": f"https://github.com/{owner}", "type": "User", "site_admin": False},
        "html_url": f"https://github.com/{full}",
        "description": f"A small, well-tested library for doing thing number {number} in Swift and C",
        "fork": False, "url": api, "created_at": "2015-03-01T10:00:00Z", "updated_at": "2026-11-30T08:15:00Z",
        "pushed_at": "2026-11-29T21:40:00Z", "git_url": f"git://github.com/{full}.git",
        "ssh_url": f"git@github.com:{full}.git", "clone_url": f"https://github.com/{full}.git",
        "svn_url": f"https://github.com/{full}", "homepage": f"https://{owner}.example.org", "size": 4_096 + number,
        "stargazers_count": 90_000 - number * 1_000, "watchers_count": 90_000 - number * 1_000,
        "language": ["Swift", "C", "Rust", "Go", "Python"][number % 5], "has_issues": True, "has_projects": True,
        "has_downloads": True, "has_wiki": True, "has_pages": False, "has_discussions": True,
        "forks_count": 1_200 - number, "mirror_url": None, "archived": False, "disabled": False,
        "open_issues_count": 40 + number,
        "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT",
                    "url": "https://api.github.com/licenses/mit", "node_id": "MDc6TGljZW5zZTEz"},
        "allow_forking": True, "is_template": False, "web_commit_signoff_required": False,
        "topics": ["swift", "terminal", "library"], "visibility": "public", "forks": 1_200 - number,
        "open_issues": 40 + number, "watchers": 90_000 - number * 1_000, "default_branch": "main", "score": 1.0,
    }
    for key, template in URL_TEMPLATES:
        record[key] = f"{api}/{template}"
    return record


PAGE = json.dumps({"total_count": 1_000, "incomplete_results": False,
                   "items": [item(n) for n in range(1, 31)]}).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if not self.path.startswith("/search/repositories"):
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.send_header("x-ratelimit-remaining", "4999")
        self.send_header("x-ratelimit-reset", "1900000000")
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *arguments):
        pass


if __name__ == "__main__":
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()
    server.shutdown()
