#!/usr/bin/env bash
# Build hexmap's editor as a static web site in web/dist/ (index.html, hexmap_web.js,
# hexmap_web_bg.wasm; nothing is fetched from elsewhere at run time). Installs what it
# needs: the wasm32 target and the wasm-bindgen CLI of the version Cargo.lock pins.
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

echo "== building hexmap-web for wasm32 (release)"
cargo build -p hexmap-web --target wasm32-unknown-unknown --release
wasm="target/wasm32-unknown-unknown/release/hexmap_web.wasm"

rm -rf web/dist
mkdir -p web/dist
wasm-bindgen --target web --no-typescript --out-dir web/dist "$wasm"
cp web/index.html web/dist/index.html
echo "== web/dist:"
ls -l web/dist
