#!/usr/bin/env bash
# Installs Wayfarer for one person: the release binary, its manual page and
# its bash, zsh and fish completions, under PREFIX (default ~/.local).
#
#   Scripts/install.sh            # ~/.local/bin/wayfarer, ~/.local/share/man/man1/wayfarer.1, …
#   Scripts/install.sh /usr/local # as root
#
# The manual and the completions are made by the binary itself, from the
# same command tables as its parser and --help.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-$HOME/.local}

bash Scripts/bootstrap.sh
binary=$(bash Scripts/build-release.sh)

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$prefix/bin/wayfarer"
"$binary" manual >"$prefix/share/man/man1/wayfarer.1"
"$binary" completion bash >"$prefix/share/bash-completion/completions/wayfarer"
"$binary" completion zsh >"$prefix/share/zsh/site-functions/_wayfarer"
"$binary" completion fish >"$prefix/share/fish/vendor_completions.d/wayfarer.fish"

echo "Installed wayfarer in $prefix/bin, its manual (man wayfarer) and its completions."
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "Add $prefix/bin to PATH to run it as wayfarer." ;; esac
