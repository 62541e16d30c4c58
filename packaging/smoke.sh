#!/usr/bin/env bash
# Smoke test of a built clubdesk folder (default dist/clubdesk): the command line
# answers, and the window opens on the demo event and stays open 5 seconds
# offscreen with nothing on its error output but known harmless lines, the demo event in it.
set -euo pipefail
folder="${1:-dist/clubdesk}"
app="$folder/clubdesk"
[ -x "$app" ] || { echo "smoke: no program at $app" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A home of its own: the demo's database lands in the user data folder.
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config"
export XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache"
export QT_QPA_PLATFORM=offscreen
mkdir -p "$HOME"

"$app" --version
"$app" rules list | grep -q '^grand-prix-pinochle' || { echo "smoke: rules list" >&2; exit 1; }
hand='{"bidder": "A", "bid": 65, "dropped": false, "marriage": true,
 "meld": {"A": 34, "B": 22}, "tricks": {"A": 30, "B": 20},
 "renege": null, "all_tricks": null, "took_trick": null, "conceded": false}'
scored=$(echo "$hand" | "$app" score-hand --rules grand-prix-pinochle)
echo "$scored"
echo "$scored" | grep -q '"outcome"' || { echo "smoke: score-hand" >&2; exit 1; }

# A PDF: the printing (reportlab, and Pillow beneath it) loads and writes.
cat >"$scratch/event.json" <<'EOF'
{"format": "clubdesk-event/1", "id": "smoke", "name": "Smoke test", "date": "2026-12-05",
 "rules": "grand-prix-pinochle",
 "entrants": [{"number": 1, "name": "Ash / Birch", "players": ["Ann Ash", "Bob Birch"]},
              {"number": 2, "name": "Cole / Dale", "players": ["Cy Cole", "Di Dale"]}]}
EOF
"$app" import "$scratch/event.json" --db "$scratch/club.sqlite"
"$app" print standings --db "$scratch/club.sqlite" -o "$scratch/standings.pdf"
head -c 5 "$scratch/standings.pdf" | grep -q '^%PDF-' || { echo "smoke: print" >&2; exit 1; }

# The window: still running after 5 s (timeout's 124), and a quiet error output.
set +e
timeout 5 "$app" --demo >"$scratch/out" 2>"$scratch/err"
rc=$?
set -e
if [ "$rc" != 124 ]; then
  echo "smoke: the demo window ended early with exit code $rc" >&2
  cat "$scratch/err" >&2
  exit 1
fi
# Qt Multimedia looking for optional libraries (PipeWire) and a sound server, and saying
# it has no media back end (the build leaves FFmpeg's out: the chime needs none), and
# speech with no Speech Dispatcher, say so; anything else is an error.
harmless="symbolsresolver|No QtMultimedia backends found|PulseAudioService|This plugin does not support|text-to-speech"
if grep -vE "$harmless" "$scratch/err" | grep -q .; then
  echo "smoke: the demo window wrote to its error output:" >&2
  cat "$scratch/err" >&2
  exit 1
fi
# ... on the demo event itself (a window left open on a refusal would pass the above)
demo="$XDG_DATA_HOME/clubdesk/demo.sqlite"
standings=$("$app" standings --db "$demo" --format json)
case "$standings" in
  *'"after_round": 3'*) ;;
  *) echo "smoke: the demo database holds no demo event after round 3" >&2; exit 1 ;;
esac
echo "smoke: the window stayed open 5 s on the demo event; $(du -sh "$folder" | cut -f1) in all"
