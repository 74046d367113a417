#!/usr/bin/env bash
# Build hexmap's editor as a static web site in web/dist/ (index.html, hexmap_web.js,
# hexmap_web_bg.wasm; nothing is fetched from elsewhere at run time). Installs what it
# needs: the wasm32 target, the wasm-bindgen CLI of the version Cargo.lock pins and
# Binaryen's wasm-opt (npm, web/tools; HEXMAP_WASM_OPT=0 skips it).
# Serve it with any static server, e.g. `python3 -m http.server 8000 -d web/dist`.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "web/build.sh: Cargo.lock names no wasm-bindgen version" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  echo "== installing wasm-bindgen-cli $version (once; about 10 CPU-minutes)"
  # Not --locked: with it a transitive pin of the CLI fails to resolve.
  cargo install wasm-bindgen-cli --version "$version"
fi

echo "== building hexmap-web for wasm32 (the web profile: optimised for size)"
cargo build -p hexmap-web --target wasm32-unknown-unknown --profile web
wasm="target/wasm32-unknown-unknown/web/hexmap_web.wasm"

rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist "$wasm"
# Binaryen's wasm-opt shrinks the module further (docs/BENCHMARKS.md, "The web build's
# size"): the npm build of Binaryen pinned by web/tools/package-lock.json.
if [ "${HEXMAP_WASM_OPT:-1}" != 0 ]; then
  echo "== wasm-opt -Oz"
  (cd web/tools && npm ci --no-audit --no-fund --silent)
  web/tools/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    web/dist/hexmap_web_bg.wasm -o web/dist/hexmap_web_bg.wasm
fi
cp web/index.html web/dist/index.html
echo "== web/dist:"
ls -l web/dist
# The page downloads the .wasm whole before it starts: its gzipped size is the goal
# docs/BENCHMARKS.md keeps (at most 4,000,000 bytes).
gzipped=$(gzip -9c web/dist/hexmap_web_bg.wasm | wc -c)
if [ "$gzipped" -le 4000000 ]; then
  echo "== hexmap_web_bg.wasm gzipped (gzip -9): $gzipped bytes, within the 4,000,000 goal"
else
  echo "== hexmap_web_bg.wasm gzipped (gzip -9): $gzipped bytes, OVER the 4,000,000 goal" >&2
fi
