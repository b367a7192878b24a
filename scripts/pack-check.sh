#!/usr/bin/env bash
# npm run test:pack — the package as a user gets it: `npm pack` (prepack builds dist/ and the Lua
# bundles), install the tarball into an empty folder from the npm cache, then run the installed
# `syzygy` there on the user's games (one made by `syzygy new`, one copied from the package's
# data). Their PNGs, PDFs and TTS saves must be what the clone's CLI writes for the same games.
# Slow (a pack, an install and two builds), so not in `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d "${TMPDIR:-/tmp}/syzygy-pack-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
fail() { echo "pack check: $*" >&2; exit 1; }

npm pack --pack-destination "$WORK" --json > "$WORK/pack.json"
TGZ=$(node -e 'const [p] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(p.filename); console.error(`pack check: ${p.filename}: ${p.entryCount} files, ${(p.size / 1024).toFixed(0)} KB packed, ${(p.unpackedSize / 1024).toFixed(0)} KB unpacked`);' "$WORK/pack.json")
for f in dist/cli.js dist/lua/syzygy-engine.lua dist/lua/syzygy-tts-solar-eclipse.lua dist/lua/syzygy-tts-eclipsed.lua dist/lua/syzygy-tts-lunar-trick.lua dist/render/raster-process.mjs bin/syzygy.js templates/partials templates/shared data/lunar-trick/game.yaml; do
  node -e 'const [p] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.exit(p.files.some((f) => f.path === process.argv[2] || f.path.startsWith(process.argv[2] + "/")) ? 0 : 1)' "$WORK/pack.json" "$f" || fail "the package lacks $f"
done

mkdir "$WORK/user" && cd "$WORK/user"
npm install --prefer-offline --no-audit --no-fund "$WORK/$TGZ" > /dev/null
mkdir "$WORK/tmp" && export TMPDIR="$WORK/tmp"
for dev in typescript typescript-to-lua tsx vitest; do [ ! -e "node_modules/$dev" ] || fail "$dev (a development dependency) was installed"; done

# The installed command, as a user runs it (`--`: npx would take --version for its own).
syzygy() { npx --no -- syzygy "$@"; }
[ "$(syzygy --version)" = "$(node -p 'require(process.argv[1]).version' "$ROOT/package.json")" ] || fail "--version is not package.json's version"
syzygy --help | grep -q "^  build \[options\] \[game\.\.\.\]" || fail "--help does not list build"

copy_shipped_game() { mkdir -p data templates && cp -R "$ROOT/data/$1" data/ && cp -R "$ROOT/templates/$1" "$ROOT/templates/partials" "$ROOT/templates/shared" templates/; }
syzygy new demo > new.log             # a game without an engine, as a designer starts one
copy_shipped_game lunar-trick         # and a shipped game with its engine (the prebuilt TTS script)
GAMES="demo lunar-trick"
syzygy validate
syzygy build > build.log 2>&1 || { cat build.log; fail "build failed"; }
for game in $GAMES; do [ -f "out/$game/tts/$game.json" ] || fail "no TTS save for $game"; done
# The engine bundle prebuilt into the package, run in Lua:
syzygy replay "$ROOT/src/engine/lunar-trick/examples/3p.json" --runtime lua > replay-lua.json
syzygy replay "$ROOT/src/engine/lunar-trick/examples/3p.json" > replay-node.json
cmp -s replay-lua.json replay-node.json || fail "--runtime lua and node replay differently"

# The same games built by the clone's CLI: the same PNG and PDF bytes, and the same TTS saves but
# for their date and folder (the package's script is its prebuilt one).
node "$ROOT/bin/syzygy.js" build --data data --templates templates --out "$WORK/clone-out" > clone-build.log 2>&1 || { cat clone-build.log; fail "the clone's build failed"; }
save() { node -e 'const [file, out] = process.argv.slice(1); const s = JSON.parse(require("fs").readFileSync(file, "utf8")); delete s.Date; delete s.EpochTime; console.log(JSON.stringify(s).split(require("url").pathToFileURL(out).href).join("OUT"))' "$1/$2/tts/$2.json" "$1"; }
files=0
for game in $GAMES; do
  (cd "out/$game" && find cards print -type f | sort | xargs sha256sum) > "installed-$game.sha"
  (cd "$WORK/clone-out/$game" && find cards print -type f | sort | xargs sha256sum) > "clone-$game.sha"
  [ -s "clone-$game.sha" ] && cmp -s "installed-$game.sha" "clone-$game.sha" || { diff "installed-$game.sha" "clone-$game.sha" | head; fail "$game: the installed CLI's PNGs/PDFs differ from the clone's"; }
  [ -f "$WORK/clone-out/$game/tts/$game.json" ] && [ "$(save "$PWD/out" "$game")" = "$(save "$WORK/clone-out" "$game")" ] || fail "$game: the installed CLI's TTS save differs from the clone's"
  files=$((files + $(wc -l < "installed-$game.sha")))
done
# Every command ends with its process: nothing the installed CLI started is left running.
if pgrep -f "$WORK/user/node_modules/syzygy/" > /dev/null; then pgrep -af "$WORK/user/node_modules/syzygy/"; fail "the installed CLI left processes running"; fi
echo "pack check: ok ($GAMES: $files PNG/PDF files and the TTS saves as the clone builds them; Lua replay = Node replay; no process left running)"
