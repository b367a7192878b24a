/**
 * Brings each game's TTS script in dist/lua up to date with the sources (src/tts/script.ts: the
 * file's first line stamps the sources' hash), compiling only what changed, so the tests that
 * build saves find it ready. Run by scripts/pretest.mjs beside the other builds.
 */
import { GLUE_GAMES, glueIsStale, prebuiltGluePath, writeGlueBundle } from "../src/tts/script";

for (const game of GLUE_GAMES) if (glueIsStale(prebuiltGluePath(game))) writeGlueBundle(game);
