#!/usr/bin/env bash
# Compile each grammar's committed src/parser.c (and scanner.c) to WebAssembly with Debian's emscripten.
# With --generate, first regenerate src/ from grammar.js with the tree-sitter CLI.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/packages/linter/wasm"
mkdir -p "$out"
for dir in "$root"/packages/linter/grammars/tree-sitter-*/; do
  name=$(basename "$dir"); lang=${name#tree-sitter-}
  if [ "${1:-}" = --generate ]; then (cd "$dir" && tree-sitter generate); fi
  srcs=("$dir/src/parser.c"); [ -f "$dir/src/scanner.c" ] && srcs+=("$dir/src/scanner.c")
  target="$out/$name.wasm"
  newest=$(ls -t "${srcs[@]}" "$target" 2>/dev/null | head -1 || true)
  if [ -f "$target" ] && [ "$newest" = "$target" ]; then continue; fi
  emcc -Os -fPIC -s WASM=1 -s SIDE_MODULE=2 -s "EXPORTED_FUNCTIONS=['_tree_sitter_${lang//-/_}']" \
    -I "$dir/src" -o "$target" "${srcs[@]}"
  echo "built $target"
done
# The flat-tree walk (src/sql/syntax.ts) is a side module of its own: it links only against the runtime.
flat="$out/flat-tree.wasm"; src="$root/packages/linter/native/flat-tree.c"
if [ ! -f "$flat" ] || [ "$src" -nt "$flat" ]; then
  emcc -O2 -fPIC -s WASM=1 -s SIDE_MODULE=2 -s "EXPORTED_FUNCTIONS=['_innolint_flat_tree','_innolint_flat_records']" \
    -o "$flat" "$src"
  echo "built $flat"
fi
