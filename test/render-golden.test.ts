/**
 * Golden images: a few faces rendered at 75 dpi and compared with committed PNGs (pixelmatch,
 * small tolerance for anti-aliasing). The items are fixed here (not read from data/), so the
 * goldens change only when templates or the renderer change. After an intended visual change,
 * regenerate with
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
import { BLEED_MM, type RenderComponent, type RenderGame } from "../src/render/types";
import { REPO, templates } from "./render-support";

const GOLDEN = join(REPO, "test", "golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const poker = { kind: "card" as const, width: 63.5, height: 88.9, shape: { type: "rect" as const, radius: 3 } };

function fixture(id: string, name: string, palette: Record<string, string>, component: Omit<RenderComponent, "kind" | "width" | "height" | "shape">): RenderGame {
  return { id, title: name, values: { name, palette }, iconColors: {}, components: [{ ...poker, ...component }] };
}

const FIXTURES: RenderGame[] = [
  fixture("lunar-trick", "Lunar Trick", { moonlight: "#f3efd9", night: "#18213a" }, {
    id: "moon-cards",
    title: "Moon Cards",
    faceTemplate: "moon-card",
    backTemplate: "moon-back",
    values: { colours: { background: "#f6f1e4", text: "#1d1b2e", back: "#18213a", backDetail: "#f3efd9" } },
    items: [
      {
        id: "rising-8",
        copies: 1,
        values: {
          name: "Rising Moon 8",
          number: 8,
          index: "8",
          side: "rising",
          style: { id: "rising", name: "Rising Moon", symbol: "rising", label: "Rising Moon · 1–15" },
          colours: { background: "#f6f1e4", text: "#1d1b2e", accent: "#2f5d8a", tint: "#dce8f3", label: "#2f5d8a", back: "#18213a", backDetail: "#f3efd9" },
        },
      },
    ],
  }),
  fixture("eclipsed", "Eclipsed", {}, {
    id: "cards",
    title: "Cards",
    faceTemplate: "card",
    backTemplate: "back",
    values: { colours: { back: "#2a2140", backDetail: "#f1c232" } },
    items: [
      {
        id: "void-7",
        copies: 1,
        values: {
          name: "Void 7",
          rank: 7,
          index: "7",
          text: "Edict: melds of exactly 7 cards score 0 (burned). :void: :solar: :arc: :stasis:",
          style: { id: "void", name: "Void", symbol: "void", label: "Gravity · Dark · Negate" },
          colours: { background: "#f7f4ee", text: "#1b1d24", accent: "#6b3fa0", tint: "#e9def5", alignment: "#2a2140", label: "#6b3fa0" },
        },
      },
    ],
  }),
  fixture("solar-eclipse", "Solar Eclipse", {}, {
    id: "bid-cards",
    title: "Bid Cards",
    faceTemplate: "bid-card",
    backTemplate: "bid-back",
    values: { colours: { back: "#1c1b29", backDetail: "#f2c14e" } },
    items: [
      {
        id: "bid-2-a",
        copies: 1,
        values: {
          name: "Bid Card 2",
          twoPlayer: { tricks: 2, points: 3 },
          threePlayer: { tricks: 1, points: 3 },
          twoPlayerUnit: "tricks",
          threePlayerUnit: "trick",
          set: { id: "a", name: "Player A", colour: "#b3364a" },
          colours: { background: "#fbf6ec", text: "#221a14", accent: "#f2c14e", twoPlayer: "#d9731f", twoPlayerLabel: "#a45717", threePlayer: "#34508f", threePlayerLabel: "#34508f" },
        },
      },
    ],
  }),
];

const CASES: [string, string][] = [
  ["lunar-trick", "moon-cards/rising-8"],
  ["lunar-trick", "moon-cards/back"],
  ["eclipsed", "cards/void-7"],
  ["solar-eclipse", "bid-cards/bid-2-a"],
];

describe("golden images", () => {
  it.each(CASES)("%s %s", async (gameId, key) => {
    const g = FIXTURES.find((f) => f.id === gameId)!;
    const face = listFaces(g).find((f) => f.key === key);
    expect(face, key).toBeDefined();
    const { svg, warnings } = renderFace(templates(), g, face!);
    expect(warnings).toEqual([]);
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
