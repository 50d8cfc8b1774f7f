#!/usr/bin/env python3
"""Writes the seed inputs of every fuzz target under Tests/Fuzz/Corpus.

The seeds follow the documented formats (../shared/reference/apis.md) and
the shapes of the project's own fixtures (Tests/TestSupport); the fuzzer
grows each corpus from them. Run again after changing a seed: files the
fuzzer added (and kept regressions) are left as they are.
"""
import base64
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fuzz", "Corpus")

GEOAPIFY_FEATURE = {
    "type": "Feature",
    "properties": {
        "name": "Guido al Duomo", "country": "Germany", "country_code": "de", "city": "Munich",
        "postcode": "80331", "street": "Frauenplatz", "housenumber": "12", "lon": 11.5742388, "lat": 48.1389272,
        "formatted": "Guido al Duomo, Frauenplatz 12, 80331 Munich, Germany",
        "address_line1": "Guido al Duomo", "address_line2": "Frauenplatz 12, 80331 Munich, Germany",
        "categories": ["catering", "catering.cafe"], "details": ["details.contact"],
        "datasource": {"sourcename": "openstreetmap", "attribution": "© OpenStreetMap contributors",
                       "raw": {"phone": "+49 89 24231690", "website": "https://example.org",
                               "opening_hours": "Mo-Sa 09:00-24:00"}},
        "distance": 85, "place_id": "514630c4",
    },
    "geometry": {"type": "Point", "coordinates": [11.5742388, 48.1389272]},
}
GEOAPIFY_DETAILS = {"type": "FeatureCollection", "features": [{
    "type": "Feature",
    "properties": {"feature_type": "details", "name": "Guido al Duomo",
                   "contact": {"phone": "+49 89 24231690", "email": "x@example.org"},
                   "website": "https://example.org", "opening_hours": "Mo-Sa 09:00-24:00",
                   "facilities": {"wheelchair": True}, "fee": False,
                   "wiki_and_media": {"wikipedia": "de:Dom", "wikidata": "Q1"},
                   "timezone": {"name": "Europe/Berlin"}, "lat": 48.1389272, "lon": 11.5742388},
    "geometry": {"type": "Polygon", "coordinates": [[[11.57, 48.13], [11.58, 48.13], [11.58, 48.14], [11.57, 48.13]]]},
}]}
GITHUB_ITEM = {
    "id": 3081286, "name": "Tetris", "full_name": "dtrupenn/Tetris",
    "owner": {"login": "dtrupenn", "html_url": "https://github.com/dtrupenn"},
    "html_url": "https://github.com/dtrupenn/Tetris", "description": "A C implementation of Tetris",
    "fork": False, "created_at": "2012-01-01T00:31:50Z", "updated_at": "2013-01-05T17:58:47Z",
    "homepage": None, "stargazers_count": 1, "forks_count": 0, "open_issues_count": 0, "language": "Assembly",
    "default_branch": "master", "topics": ["game"], "archived": False,
    "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT"},
}
GEMINI_REPLY = {"candidates": [{"content": {"role": "model", "parts": [{"text": "An index fund **holds** many."}]},
                                "finishReason": "STOP"}],
                "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 10, "totalTokenCount": 15},
                "modelVersion": "gemini-2.5-flash"}
OPENAI_REPLY = {"choices": [{"message": {"role": "assistant", "content": "An index fund holds many."},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}}
README = """# Tidewater

[![build](https://img.shields.io/badge/build-passing-green)](https://ci.example/x)

A *harbour* tool with `code`, **bold**, ~~strike~~ and a [link](docs/guide.md).

| column | other |
|:-------|------:|
| a      | 1     |

```swift
let x = 1 // a comment
```

- [ ] a task
- [x] done
  1. nested

> a quote <b>html</b> <script>alert(1)</script>

<details><summary>More</summary>Text &amp; entities &#x1b;</details>

![image](img/logo.png) 東京 emoji 🙂
"""


def dumps(value):
    return json.dumps(value, ensure_ascii=False).encode()


def seeds():
    yield "json", "apis-geoapify", dumps({"type": "FeatureCollection", "features": [GEOAPIFY_FEATURE]})
    yield "json", "numbers", b'[0, -0, 1e308, -1.5e-300, 12345678901234567890, 0.1, "\\u00e9\\ud83d\\ude00", null]'
    yield "json", "nested", b'{"a": {"b": [[[{"c": [true, false]}]]]}, "": "", "k": "\\"\\\\\\/\\b\\f\\n\\r\\t"}'
    yield "geoapify", "places", dumps({"type": "FeatureCollection", "features": [GEOAPIFY_FEATURE]})
    yield "geoapify", "details", dumps(GEOAPIFY_DETAILS)
    yield "geoapify", "geocoding", dumps({"results": [{"formatted": "Lisbon, Portugal", "city": "Lisbon",
                                                        "country": "Portugal", "country_code": "pt", "state": "Lisbon",
                                                        "lat": 38.7077507, "lon": -9.1365919, "result_type": "city",
                                                        "place_id": "51a", "rank": {"confidence": 1}}],
                                          "query": {"text": "Lisbon"}})
    yield "geoapify", "error", b'{"statusCode":401,"error":"Unauthorized","message":"Invalid apiKey"}'
    yield "github", "search", dumps({"total_count": 40, "incomplete_results": False, "items": [GITHUB_ITEM]})
    yield "github", "repository", dumps(dict(GITHUB_ITEM, watchers_count=5, subscribers_count=7,
                                             pushed_at="2013-01-05T17:58:47Z", size=120))
    readme = base64.encodebytes(README.encode()).decode()
    yield "github", "readme", dumps({"type": "file", "encoding": "base64", "name": "README.md", "path": "README.md",
                                     "content": readme, "sha": "3d21", "html_url": "https://github.com/a/b"})
    yield "github", "rate-limited", b'{"message":"API rate limit exceeded for 127.0.0.1.","documentation_url":"x"}'
    yield "github", "validation", (b'{"message":"Validation Failed","errors":[{"resource":"Search","field":"q",'
                                   b'"code":"missing"}],"documentation_url":"x"}')
    yield "gemini", "reply", dumps(GEMINI_REPLY)
    yield "gemini", "thought", dumps({"candidates": [{"content": {"parts": [{"text": "hm", "thought": True},
                                                                          {"text": "Answer."}]}}]})
    yield "gemini", "blocked", b'{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":8}}'
    yield "gemini", "bad-key", (b'{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.",'
                                b'"status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}')
    yield "gemini", "quota", (b'{"error":{"code":429,"message":"exhausted","status":"RESOURCE_EXHAUSTED",'
                              b'"details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"37s"}]}}')
    yield "openai", "reply", dumps(OPENAI_REPLY)
    yield "openai", "delta", b'{"choices":[{"index":0,"delta":{"content":"An "},"finish_reason":null}]}'
    yield "openai", "usage", b'{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":9,"total_tokens":14}}'
    yield "openai", "models", (b'{"object":"list","data":[{"id":"llama3.2","object":"model","owned_by":"library"},'
                               b'{"id":"qwen2.5:7b","object":"model"}]}')
    yield "openai", "error", b'{"error":{"message":"model \'x\' not found","type":"invalid_request_error"}}'
    yield "openai", "ollama-error", b'{"error":"model not found"}'
    gemini_events = b"".join(b"data: " + dumps({"candidates": [{"content": {"parts": [{"text": t}]}}]}) + b"\r\n\r\n"
                             for t in ["An ", "index ", "fund."])
    yield "sse", "gemini", b"\x05" + gemini_events
    openai_events = b"".join(b"data: " + dumps({"choices": [{"delta": {"content": t}}]}) + b"\n\n"
                             for t in ["An ", "index"]) + b"data: [DONE]\n\n"
    yield "sse", "openai", b"\x11" + openai_events
    yield "sse", "fields", b"\x02: comment\revent: error\rdata: one\rdata: two\r\rid: 7\nretry: 10\ndata:x\n\n"
    for name, link in [("place", "wayfarer://home/place/514630c4"), ("city", "wayfarer://home/city?q=S%C3%A3o+Paulo"),
                       ("repo", "wayfarer://explore/repo/apple/swift"),
                       ("search", "wayfarer://explore/search?q=tui+language%3Aswift"),
                       ("bookmarks", "WAYFARER://bookmarks#top"), ("settings", "wayfarer://profile/settings"),
                       ("bad", "wayfarer://home/place/%2e%2e/%ZZ?x=%C3")]:
        yield "deeplink", name, link.encode()
    export = {"format": "wayfarer-bookmarks", "version": 1, "exportedAt": "2026-11-29T20:41:07.250Z",
              "places": [{"id": "514630c4", "name": "Guido al Duomo", "category": "catering.cafe",
                          "address": "Frauenplatz 12", "city": "Munich", "latitude": 48.1389272,
                          "longitude": 11.5742388, "phone": "+49 89 24231690", "website": "https://example.org",
                          "openingHours": "Mo-Sa 09:00-24:00", "savedAt": "2026-11-29T20:41:07Z"}],
              "repositories": [{"fullName": "apple/swift", "description": "The Swift Programming Language",
                                "stars": 68000, "forks": 10500, "language": "C++", "licence": "Apache-2.0",
                                "topics": ["swift"], "webURL": "https://github.com/apple/swift",
                                "defaultBranch": "main", "savedAt": "2026-02-28T23:59:59.5+01:00"}]}
    yield "bookmarks", "export", b"\xef\xbb\xbf" + json.dumps(export, indent=2).encode()
    yield "bookmarks", "geojson", b'{"type":"FeatureCollection","features":[]}'
    yield "markdown", "readme", README.encode()
    yield "markdown", "reply", b"Sure:\n\n1. First\n2. Second\n\n```\ncode\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    # Code the highlighter sees: escapes, an unclosed nested comment, a multi-line
    # string, invalid UTF-8, a line longer than the box (the first byte picks
    # the language the target's second pass uses).
    yield "markdown", "code", (b"```swift\n@MainActor func f() -> String { /* a /* b */\n"
                               b"  return \"\"\"\n  \x1b[2J\x1b]8;;x\x07red \\(x)\n  \"\"\"\n"
                               b"// \xff\xfe caf\xc3\xa9 " + b"y" * 300 + b"\n```\n\n```sh\necho $\xc3\xa9 \x9b31m\n```\n")
    yield "session", "current", b'{"accountID":"1","loggedInAt":"2026-11-29T20:41:07Z","token":"3F2A","version":1}'
    yield "session", "older", b'{"version":1,"accountID":"42","loggedInAt":"2025-01-01T00:00:00Z"}'
    yield "options", "help", b"--help"
    yield "options", "open", b"open\x00wayfarer://explore/repo/apple/swift"
    yield "options", "two", b"--version\x00-x"
    yield "commands", "tour", (b"explore\nask\n/back\nbookmarks\nfilter caf\nopen 1\nback\nhome\nmore\nfilter s\n"
                               b"city lisbon\nuse 1\nopen 2\nfavorite\nmap\nprofile\nsettings\ntoggle 1\n")
    yield "commands", "odd", b"open wayfarer://home/place/x\nremove 99999999999999999999\nundo\nhelp\nback\ndebug memory\n"


def main():
    written = 0
    for target, name, data in seeds():
        folder = os.path.join(ROOT, target)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "seed-" + name), "wb") as file:
            file.write(data)
        written += 1
    print(f"wrote {written} seeds under {os.path.normpath(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
