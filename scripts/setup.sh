#!/usr/bin/env bash
# Installs what a fresh machine lacks and builds innolint. Idempotent: a second run only checks.
#   --oracles   also install what the oracle and live-server tests need (MariaDB, its test suite, sqlglot)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
oracles=false
[ "${1:-}" = --oracles ] && oracles=true

need_apt=()
command -v emcc >/dev/null || need_apt+=(emscripten)
if $oracles; then
  command -v mariadbd >/dev/null || need_apt+=(mariadb-server)
  [ -d /usr/share/mysql/mysql-test ] || need_apt+=(mariadb-test-data)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]} (Debian packages)" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
# sqlglot, the SQL oracle (test/oracle/sqlglot_facts.py); pinned: the test's known disagreements depend on its version.
sqlglot_version=30.30.0
if $oracles && ! python3 -c "import sqlglot, sys; sys.exit(sqlglot.__version__ != '$sqlglot_version')" 2>/dev/null; then
  echo "setup: installing sqlglot $sqlglot_version (pip)" >&2
  python3 -m pip install --quiet --disable-pip-version-check "sqlglot==$sqlglot_version" ||
    python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "sqlglot==$sqlglot_version"
fi

export PATH="$HOME/.cargo/bin:$PATH"
if ! command -v tree-sitter >/dev/null; then
  echo "setup: installing the tree-sitter CLI (cargo)" >&2
  cargo install tree-sitter-cli --locked --quiet
fi
# The engine-sim crate's formatter and linter run in the tests.
if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
  rustup component add rustfmt clippy >/dev/null
fi
if ! rustup target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm install rather than npm ci: npm 11 writes lock files without other platforms' optional
  # packages, which npm ci then rejects as out of sync.
  echo "setup: npm install" >&2
  npm install --no-audit --no-fund --loglevel=error
fi

bash scripts/build-grammars.sh
bundle=packages/linter/dist/cli.js
if [ ! -f "$bundle" ] || [ -n "$(find packages/linter/src packages/linter/wasm packages/engine-sim rules package-lock.json -newer "$bundle" -not -path '*/target/*' -print -quit 2>/dev/null)" ]; then
  npm run build --silent
fi
# npm links a bin only when its file exists, and dist/cli.js is built after the install.
if [ ! -x node_modules/.bin/innolint ]; then
  npm rebuild innolint --ignore-scripts --loglevel=error >/dev/null
fi
