#!/usr/bin/env bash
# The README's large-map screenshots under Xvfb, and the editor's peak memory on a
# 1000 × 1000 map while it is viewed, zoomed, painted and panned. Needs what
# docs/screenshots.sh needs (xvfb xauth imagemagick xdotool) plus GNU time
# (apt-get install -y time). Run from the repository root after `cargo build --release`.
set -euo pipefail
BIN=${BIN:-./target/release/hexmap}
OUT=${OUT:-docs/img}
MAP=${MAP:-/tmp/hexmap-large-1000.ron}
DISP=:78
mkdir -p "$OUT"
[ -f "$MAP" ] || cargo run --release --example gen_large_map -- "$MAP"

Xvfb $DISP -screen 0 1280x800x24 >/dev/null 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null || true' EXIT
sleep 2
export DISPLAY=$DISP
rm -rf "${XDG_DATA_HOME:-$HOME/.local/share}/hexmap"
# A recovery file from an earlier run (this script quits with unsaved strokes) would
# open the "restore unsaved changes?" prompt over the map.
rm -f "$(dirname "$MAP")/.$(basename "$MAP").recovery"

/usr/bin/time -v -o /tmp/hexmap-large-time.txt "$BIN" "$MAP" >/tmp/hexmap-large.log 2>&1 &
TPID=$!
sleep 10
xdotool windowfocus "$(xdotool search --name hexmap | head -1)"
sleep 1
shot() { sleep 2; import -window root "$OUT/$1"; }

# 1. The whole million-hex map, as it opens.
xdotool mousemove 640 420; sleep 0.5; xdotool mousemove 642 421
shot large-whole-map.png

# 2. Zoom in with the wheel, brush radius 3 with `]`, paint a stroke of deep sea.
for _ in $(seq 1 12); do xdotool click 4; sleep 0.15; done
sleep 1
for _ in 1 2 3; do xdotool key bracketright; sleep 0.3; done
xdotool mousemove 500 300 mousedown 1
for x in $(seq 500 10 800); do xdotool mousemove "$x" 330; sleep 0.03; done
xdotool mouseup 1
sleep 1
xdotool mousemove 640 500; sleep 0.5; xdotool mousemove 641 501
shot large-middle-painted.png

# 3. Closer (hexes about 40 px across), coordinate labels on, panned with the arrow keys.
for _ in $(seq 1 8); do xdotool click 4; sleep 0.15; done
xdotool mousemove 1068 247 click 1
sleep 0.5
xdotool key Right Right Down
xdotool mousemove 700 420; sleep 0.5; xdotool mousemove 701 421
shot large-close-labels.png

# 4. 100 more strokes (100 undo steps in all) at a middle zoom, for the memory peak.
xdotool mousemove 1068 247 click 1
xdotool mousemove 640 420 key f
sleep 1
for _ in $(seq 1 10); do xdotool click 4; sleep 0.1; done
for i in $(seq 0 99); do
  y=$((80 + i * 6))
  xdotool mousemove 300 "$y" mousedown 1 sleep 0.05 mousemove 600 "$y" sleep 0.05 \
    mousemove 900 "$y" sleep 0.05 mouseup 1
  sleep 0.05
done
xdotool mousemove 640 500; sleep 0.5; xdotool mousemove 641 501
sleep 1

# Quit the editor itself (not GNU time) so time reports the peak.
pkill -TERM -x hexmap || true
wait "$TPID" 2>/dev/null || true
grep -E "Maximum resident|Elapsed" /tmp/hexmap-large-time.txt
