#!/usr/bin/env bash
# Take the README's editor screenshots under Xvfb (no display, no GPU needed: Mesa falls
# back to software GL). Needs: apt-get install -y --no-install-recommends xvfb xauth
# imagemagick xdotool. Run from the repository root after `cargo build --release`.
# Pointer positions assume the 1280×800 window at +0+0 (there is no window manager).
set -euo pipefail
BIN=${BIN:-./target/release/hexmap}
OUT=${OUT:-docs/img}
DISP=:77
mkdir -p "$OUT"

Xvfb $DISP -screen 0 1280x800x24 >/dev/null 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null || true' EXIT
sleep 2
export DISPLAY=$DISP

# start MAP...: launch the editor (fresh UI preferences) and give it the keyboard.
start() {
  rm -rf "${XDG_DATA_HOME:-$HOME/.local/share}/hexmap"
  "$BIN" "$@" >/tmp/hexmap-shot.log 2>&1 &
  APID=$!
  sleep 8
  xdotool windowfocus "$(xdotool search --name hexmap | head -1)"
  sleep 0.5
}
stop() { kill $APID; wait $APID 2>/dev/null || true; sleep 1; }
shot() { sleep 1.5; import -window root "$OUT/$1"; }

# 1. The bundled sample, zoomed in a little, pointer on a hex (status bar filled in).
start
xdotool mousemove 640 420 click 4 click 4
sleep 1
xdotool mousemove 612 452
xdotool mousemove 615 455
shot editor-terrain.png
stop

# 2. Overlays: anchor (A) on the west town, target (T) on the east town, then
#    Path (A*), Movement and Ring on; the pointer sits in the hills.
start
xdotool mousemove 640 420 click 4 click 4
sleep 1
# (a pause between moving and pressing, so the key meets the new hover)
xdotool mousemove 330 446; sleep 0.5; xdotool key a; sleep 0.5
xdotool mousemove 980 520; sleep 0.5; xdotool key t; sleep 0.5
xdotool mousemove 1068 178 click 1; sleep 0.3
xdotool mousemove 1068 201 click 1; sleep 0.3
xdotool mousemove 1068 132 click 1; sleep 0.3
xdotool mousemove 700 300
xdotool mousemove 705 302
shot editor-overlays.png
stop

# 3. A flat map (Traveller subsector) with XXYY labels.
start maps/subsector-traveller.ron
xdotool mousemove 1068 247 click 1
sleep 0.5
xdotool mousemove 1170 247 click 1
sleep 0.5
xdotool mousemove 1153 366 click 1
xdotool mousemove 556 493
xdotool mousemove 557 494
shot editor-flat-xxyy.png
stop

# Icons and labels: search the palette, place a castle, write a label, turn it a little.
start maps/hexcrawl.ron
xdotool key o; sleep 0.7
xdotool mousemove 125 86 click 1; sleep 0.4
xdotool type --delay 60 'cas'; sleep 0.7
xdotool mousemove 25 116 click 1; sleep 0.5
xdotool mousemove 806 497 click 1; sleep 0.7
xdotool key x; sleep 0.7
xdotool mousemove 780 680 click 1; sleep 0.7
xdotool type --delay 60 'Misty Downs'; sleep 0.5
xdotool key Return; sleep 0.7
xdotool mousemove 780 643; sleep 0.3; xdotool mousedown 1; sleep 0.2
for x in 782 784 786 787; do xdotool mousemove $x 633; sleep 0.15; done
xdotool mouseup 1; sleep 0.5
xdotool mousemove 806 500; sleep 0.3; xdotool mousemove 808 498
shot editor-icons-labels.png
stop

# The hexcrawl sample with its legend in the bottom-right corner and notes as captions
#    (a copy of the map, in its folder, whose view settings ask for them; the sample
#    itself has none).
MAPCOPY=$(mktemp -p maps --suffix=.ron)  # beside the map: its image paths resolve
sed 's/^    labels: (\(.*\)),$/    labels: (\1),\n    view: (legend: Some("bottom-right"), note_captions: true),/' \
  maps/hexcrawl.ron >"$MAPCOPY"
start "$MAPCOPY"
xdotool mousemove 300 300
shot editor-legend.png
stop
rm -f "$MAPCOPY"
