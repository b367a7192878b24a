/**
 * Golden images: a few faces rendered at 75 dpi and compared with committed PNGs (pixelmatch,
 * small tolerance for anti-aliasing). After an intended visual change, regenerate with
 *   UPDATE_GOLDEN=1 npx vitest run test/render-golden.test.ts
 * and look at the new files in test/golden/ before committing them.
 */
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import pixelmatch from "pixelmatch";
import { renderFace } from "../src/render/face";
import { listFaces } from "../src/render/faces";
import { svgToPng } from "../src/render/png";
import { BLEED_MM } from "../src/render/types";
import { REPO, game, templates } from "./render-support";

const GOLDEN = join(REPO, "test", "golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const CASES: [string, string][] = [
  ["lunar-trick", "moon-cards/rising-8"],
  ["lunar-trick", "moon-cards/back"],
  ["eclipsed", "cards/void-7"],
  ["solar-eclipse", "bid-cards/bid-2-a"],
];

describe("golden images", () => {
  it.each(CASES)("%s %s", async (gameId, key) => {
    const g = game(gameId);
    const face = listFaces(g).find((f) => f.key === key);
    expect(face, key).toBeDefined();
    const { svg } = renderFace(templates(), g, face!);
    const png = await svgToPng(svg, face!.component.width + 2 * BLEED_MM, 75);
    const file = join(GOLDEN, `${gameId}--${key.replace(/\//g, "--")}.png`);
    if (UPDATE || !existsSync(file)) {
      if (!UPDATE) throw new Error(`missing golden ${file}: run UPDATE_GOLDEN=1 npx vitest run test/render-golden.test.ts`);
      mkdirSync(GOLDEN, { recursive: true });
      writeFileSync(file, png);
      return;
    }
    const actual = PNG.sync.read(png);
    const expected = PNG.sync.read(readFileSync(file));
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    const diff = pixelmatch(actual.data, expected.data, undefined, actual.width, actual.height, { threshold: 0.1 });
    // Up to 0.5 % of pixels may differ (anti-aliasing across platforms).
    expect(diff / (actual.width * actual.height)).toBeLessThan(0.005);
  });
});
