#!/usr/bin/env bash
# Regenerates the welcome page's looping background video from the SVG layers in scripts/brand/video/:
#   campaigns/singapore-2025/images/hero.mp4 (H.264, yuv420p, +faststart, no audio), hero.webm (VP9) and
#   hero-poster.jpg (the first frame).
# With --all it also re-renders the raster brand files from scripts/brand/*.svg:
#   campaigns/singapore-2025/images/photo-{1,2,3}.jpg and the PWA icons in public/icons/.
# Run by hand from anywhere (never from npm scripts): apps/web/scripts/make-brand-video.sh [--all]
# Needs rsvg-convert (librsvg2-bin), ffmpeg with libx264 and libvpx-vp9, and ImageMagick (magick or convert).
#
# The loop is seamless: every motion below is periodic in T seconds. Each wave layer is one period P wider
# than the frame and slides left by exactly P per loop; ship, waves and duck bob on sines of period T.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/brand"
pub="$here/../public"
# The brand pictures belong to the Singapore pack (decision 033); the PWA icons stay with the app.
brand="$here/../../../campaigns/singapore-2025/images"
T=6      # loop length in seconds
FPS=30
W=540
H=960

need() { command -v "$1" >/dev/null 2>&1 || { echo "make-brand-video: $1 is required" >&2; exit 1; }; }
need rsvg-convert
need ffmpeg
if command -v magick >/dev/null 2>&1; then
  IM=(magick)
elif /usr/bin/convert -version 2>/dev/null | grep -q ImageMagick; then
  IM=(/usr/bin/convert) # the real one; a stand-in elsewhere on PATH may only display images
else
  echo "make-brand-video: ImageMagick is required" >&2
  exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$brand" "$pub/icons"

if [[ "${1:-}" == "--all" ]]; then
  for n in 1 2 3; do
    rsvg-convert -w 480 -h 360 -b white "$src/photo-$n.svg" -o "$tmp/photo-$n.png"
    "${IM[@]}" "$tmp/photo-$n.png" -strip -quality 82 -sampling-factor 4:2:0 -interlace Plane "$brand/photo-$n.jpg"
  done
  icon() { # icon SOURCE SIZE OUTPUT
    rsvg-convert -w "$2" -h "$2" "$src/$1" -o "$tmp/icon.png"
    "${IM[@]}" "$tmp/icon.png" -strip -define png:compression-level=9 "$pub/icons/$3"
  }
  icon icon-any.svg 192 icon-192.png
  icon icon-any.svg 512 icon-512.png
  icon icon-maskable.svg 512 maskable-512.png
  icon icon-apple.svg 180 apple-touch-icon.png
fi

# Layers, rendered at their own pixel sizes.
v="$src/video"
rsvg-convert "$v/background.svg" -o "$tmp/background.png"
rsvg-convert "$v/ship.svg" -o "$tmp/ship.png"
rsvg-convert "$v/glitter.svg" -o "$tmp/glitter.png"
rsvg-convert -w 150 -h 150 "$v/duck.svg" -o "$tmp/duck.png"
for layer in far mid near front; do rsvg-convert "$v/wave-$layer.svg" -o "$tmp/wave-$layer.png"; done

# Back to front: sky, ship, far and mid waves, moon glitter, duck, near and front waves.
# Crest heights: far 566 (the horizon), mid 650, near 790, front 900; wave periods 90, 180, 270 and 360 px.
s="2*PI*t/$T"
frames=$((T * FPS))
# x offsets use the frame number n (exact in floating point), so every layer steps evenly.
inputs=()
for f in background ship wave-far wave-mid glitter duck wave-near wave-front; do
  inputs+=(-loop 1 -framerate "$FPS" -t "$T" -i "$tmp/$f.png")
done
graph="
[5:v]format=rgba,rotate=a='0.07*sin($s+0.6-PI/2)':c=none:ow=170:oh=170[duck];
[0:v][1:v]overlay=x=40:y='440+1.5*sin($s)'[a];
[a][2:v]overlay=x='-mod(n*90/$frames,90)':y='546+2*sin($s+0.3)'[b];
[b][3:v]overlay=x='-mod(n*180/$frames,180)':y='630+3*sin($s+1)'[c];
[c][4:v]overlay=x='320+4*sin(2*$s)':y=572[g];
[g][duck]overlay=x=300:y='668+7*sin($s+0.6)'[d];
[d][6:v]overlay=x='-mod(n*270/$frames,270)':y='766+5*sin($s+0.6)'[e];
[e][7:v]overlay=x='-mod(n*360/$frames,360)':y='872+4*sin($s+2)',format=yuv444p[out]"
ffmpeg -hide_banner -loglevel error -y "${inputs[@]}" -filter_complex "$graph" -map '[out]' \
  -frames:v "$frames" -r "$FPS" -c:v ffv1 "$tmp/master.mkv"

ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -frames:v 1 "$tmp/poster.png"
"${IM[@]}" "$tmp/poster.png" -strip -quality 78 -sampling-factor 4:2:0 -interlace Plane "$brand/hero-poster.jpg"

ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -an -c:v libx264 -preset veryslow -tune animation -crf 21 \
  -pix_fmt yuv420p -profile:v high -level 3.1 -g "$frames" -movflags +faststart "$brand/hero.mp4"

for pass in 1 2; do
  out="$brand/hero.webm"
  [[ $pass == 1 ]] && out=/dev/null
  ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf 31 -row-mt 1 \
    -deadline good -cpu-used 1 -pix_fmt yuv420p -g "$frames" -pass "$pass" -passlogfile "$tmp/vp9" -f webm "$out"
done

ls -l "$brand/hero.mp4" "$brand/hero.webm" "$brand/hero-poster.jpg"
