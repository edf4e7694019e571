#!/usr/bin/env bash
# Installs what the editor end-to-end tests need, from Debian and npm only; idempotent.
#   Neovim (test/lsp-neovim.test.ts), Emacs with eglot (test/lsp-eglot.test.ts),
#   Chromium and code-server 4.100.3 (test/code-server.test.ts).
# code-server goes to ${INNOLINT_E2E_DIR:-/opt/innolint-e2e}; the tests find it there (or via $CODE_SERVER).
set -euo pipefail
dir=${INNOLINT_E2E_DIR:-/opt/innolint-e2e}

need=()
command -v nvim >/dev/null || need+=(neovim)
command -v emacs >/dev/null || need+=(emacs-nox)
# Emacs 28 (Debian 12) needs eglot from elpa; Emacs 29+ ships it.
dpkg -s elpa-eglot >/dev/null 2>&1 || emacs --batch --eval '(require (quote eglot))' >/dev/null 2>&1 || need+=(elpa-eglot)
command -v chromium >/dev/null || need+=(chromium)
command -v rg >/dev/null || need+=(ripgrep)
command -v c++ >/dev/null || need+=(build-essential)
command -v pkg-config >/dev/null || need+=(pkg-config)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  echo "install-e2e: apt-get install ${need[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ -x "$dir/node_modules/.bin/code-server" ] && "$dir/node_modules/.bin/code-server" --version 2>/dev/null | grep -q '^4\.100\.3 '; then
  exit 0
fi
# code-server 4.100.3 (VS Code 1.100.3, the newest on Node 20) from npm, native modules built here
# (the recipe in shared/tools/editor-e2e/install-code-server.sh).
echo "install-e2e: code-server 4.100.3 into $dir" >&2
mkdir -p "$dir"
cd "$dir"
export npm_config_yes=true npm_config_nodedir=/usr npm_config_loglevel=error npm_config_fund=false npm_config_audit=false
npm install code-server@4.100.3 --ignore-scripts >/dev/null
npm rebuild argon2 >/dev/null
cd node_modules/code-server/lib/vscode
npm install --omit=dev --ignore-scripts >/dev/null
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
npm rebuild >/dev/null
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sf code-linux.sh code-server)
(cd bin/helpers && ln -sf browser-linux.sh browser.sh)
cd extensions && npm install --omit=dev --ignore-scripts >/dev/null && node ./postinstall.mjs >/dev/null
"$dir/node_modules/.bin/code-server" --version | head -1
