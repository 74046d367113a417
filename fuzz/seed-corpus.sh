#!/bin/sh
# Builds the seed corpus of every fuzz target in fuzz/corpus/TARGET/ (ignored by git) from
# the project's own files: the sample maps, the malformed-map fixtures, each sample map
# exported to Tiled TMX and TMJ by hexmap itself, Tiled's own hexagonal examples (when the
# Debian package `tiled` is installed) and a few coordinate and label texts.
#
#   fuzz/seed-corpus.sh          (from anywhere; needs cargo and python3)
#
# The Tiled targets read their input as one split byte, the map text, then the bytes every
# resource (tileset, image) reads as; a seed packs a map and its tileset picture that way.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/fuzz/corpus"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --quiet --release --no-default-features --manifest-path "$root/Cargo.toml" --bin hexmap
hexmap="$root/target/release/hexmap"

mkdir -p "$corpus/ron_load" "$corpus/tiled_import" "$corpus/tiled_roundtrip" "$corpus/coord_parsers"

# RON maps: the samples, the malformed fixtures, a few new maps of other shapes and kinds.
cp "$root"/maps/*.ron "$root"/tests/malformed/*.ron "$corpus/ron_load/"
"$hexmap" new --orientation flat --offset even-q --shape hexagon:3 "$work/flat-hexagon.ron"
"$hexmap" new --orientation pointy --offset even-r --shape rect:5x4 "$work/pointy-even-r.ron"
"$hexmap" convert --form cube "$work/pointy-even-r.ron" "$work/pointy-even-r-cube.ron"
cp "$work"/*.ron "$corpus/ron_load/"

# Tiled maps written by hexmap (with their tileset picture) and Tiled's own examples.
for map in "$root"/maps/*.ron "$work"/*.ron; do
    name=$(basename "$map" .ron)
    for to in tmx tmj; do
        "$hexmap" export --to "$to" "$map" "$work/$name.$to"
        echo "$work/$name.$to $work/$name-tiles.png" >>"$work/tiled-pairs"
    done
done
examples=/usr/share/doc/tiled/examples
if [ -d "$examples" ]; then
    echo "$examples/hexagonal-mini.tmx $examples/hexmini.png" >>"$work/tiled-pairs"
    echo "$examples/test_hexagonal_tile_60x60x30.tmx $examples/test_hexagonal_tile_60x60x30.png" \
        >>"$work/tiled-pairs"
fi
python3 - "$work/tiled-pairs" "$corpus/tiled_import" "$corpus/tiled_roundtrip" <<'EOF'
import os, sys

def pack(text: bytes, resource: bytes) -> bytes:
    """split byte + text (padded with spaces) + resource, so that the targets' cut
    (split * len(rest) / 256) falls exactly at the end of the text."""
    for pad in range(0, 4096):
        for split in range(255, 0, -1):
            body = len(text) + pad
            if split * (body + len(resource)) // 256 == body:
                return bytes([split]) + text + b" " * pad + resource
    raise SystemExit(f"cannot pack a {len(text)} byte map with a {len(resource)} byte resource")

pairs, *outs = sys.argv[1:]
for line in open(pairs):
    map_path, resource_path = line.split()
    text = open(map_path, "rb").read()
    resource = open(resource_path, "rb").read() if os.path.exists(resource_path) else b"\0"
    seed = pack(text, resource)
    for out in outs:
        open(os.path.join(out, os.path.basename(map_path)), "wb").write(seed)
EOF

# Coordinate parsers: a mode byte (label settings, orientation) then the text.
i=0
for text in 0101 0305 3240 "[1,0,1]" "[4,-1,-2]" "[0,1,2]" "[-2,3]" "1,-3,2" "(3,4,-7)" \
    "5,4" odd-r even-q pointy flat rect:40x30 hexagon:8 parallelogram:3x4 triangle:5 \
    "1,2,odd-r,column-first" "0,4,even-q,row-first" xxyy axial cube offset doubled three-axis; do
    printf '\001%s' "$text" >"$corpus/coord_parsers/seed-$i"
    printf '\152%s' "$text" >"$corpus/coord_parsers/seed-$i-b"
    i=$((i + 1))
done
echo "seeds: $(ls "$corpus/ron_load" | wc -l) ron_load, $(ls "$corpus/tiled_import" | wc -l) tiled," \
    "$(ls "$corpus/coord_parsers" | wc -l) coord_parsers"
