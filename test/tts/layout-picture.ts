/**
 * Draws the table of each game as the layout test sees it (every saved object and every spot the
 * script uses, at the most players): `npx tsx test/tts/layout-picture.ts <dir>` writes
 * <dir>/tts-table-<game>.png (docs/images/ holds docs/tts.md's copies).
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { findGame } from "../../src/engine/registry";
import { engineDeckComponent } from "../../src/tts/build";
import { buildFakeSave } from "./driver";
import { repoModel } from "./fixtures";
import { inPlay, tableSvg } from "./footprints";

const require = createRequire(import.meta.url);
const FONT = require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf");

async function main(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const game of ["lunar-trick", "solar-eclipse", "eclipsed"]) {
    const model = repoModel(game);
    const players = findGame(game)!.maxPlayers;
    const b = await buildFakeSave(game);
    const fps = inPlay(model, b.save, engineDeckComponent(model).id, players, { melds: game === "eclipsed" ? [2, 3, 4, 2] : [] });
    const svg = tableSvg(fps, `${model.name}, ${players} players: every spot at once (areas green, hand zones dashed)`);
    const png = new Resvg(svg, { font: { fontFiles: [FONT], loadSystemFonts: false, defaultFontFamily: "Inter" } }).render().asPng();
    const file = path.join(dir, `tts-table-${game}.png`);
    fs.writeFileSync(file, png);
    fs.rmSync(b.outDir, { recursive: true, force: true });
    process.stdout.write(`${file}\n`);
  }
}

void main(process.argv[2] ?? "/tmp");
