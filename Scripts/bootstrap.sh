#!/usr/bin/env bash
# Installs what Wayfarer needs on a Debian machine (run as root, or with sudo
# at hand): the C libraries it links (cmark-gfm, GitHub's Markdown parser,
# and GNU source-highlight, which colours code, among them; its language
# definitions are in libsource-highlight-common), tmux for the terminal tests, and bash-completion, zsh, fish and
# mandoc to check the completion scripts and the manual, and asciinema to play
# the recorded demos back. Safe to run again: it
# installs only what is missing.
set -euo pipefail

# The cmark-gfm and sqlite3 commands are only yardsticks for Scripts/bench
# (rows markdown and bookmarks).
packages=(cmark-gfm libcmark-gfm-dev libcmark-gfm-extensions-dev libcurl4-openssl-dev libedit-dev libsodium-dev
  libsource-highlight-dev libsource-highlight-common
  less libsqlite3-dev pkg-config sqlite3 tmux bash-completion zsh fish mandoc asciinema)

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "bootstrap: swift is at /opt/swift/usr/bin; add it to PATH" >&2
  else
    echo "bootstrap: Swift 6 is needed (https://www.swift.org/install/linux/)" >&2
    exit 1
  fi
fi
