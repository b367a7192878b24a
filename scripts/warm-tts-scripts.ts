/**
 * Compiles each game's TTS script into its cache (src/tts/script.ts: keyed by the sources' hash),
 * so the tests that build saves find it ready. Run by scripts/pretest.mjs beside the other builds.
 */
import { GLUE_GAMES, glueBundle } from "../src/tts/script";

for (const game of GLUE_GAMES) glueBundle(game);
