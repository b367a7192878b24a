/**
 * Issue 25, item 6: the starter `syzygy new --from-csv` writes looks like a card — a title bar,
 * a cost badge, an art window (a placeholder without art), a type line, a rules box, flavour and
 * a footer with the version — and its back is light on ink, the full-colour back an option.
 * Measured on the rendered pixels.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { loadGame } from "../src/model/load";
import { renderGameFrom } from "../src/render/source";
import { renderSides } from "../src/render/build";
import { TemplateSet } from "../src/render/face";
import { svgToPng } from "../src/render/png";

/** Share of the trimmed area that is not (near) white, and the mean darkness of a region (fractions of the card). */
function ink(png: Buffer, region = { x0: 0, y0: 0, x1: 1, y1: 1 }): number {
  const img = PNG.sync.read(png);
  let dark = 0;
  let n = 0;
  for (let y = Math.floor(region.y0 * img.height); y < Math.floor(region.y1 * img.height); y++) {
    for (let x = Math.floor(region.x0 * img.width); x < Math.floor(region.x1 * img.width); x++) {
      const i = (y * img.width + x) * 4;
      dark += 1 - (img.data[i] + img.data[i + 1] + img.data[i + 2]) / (3 * 255);
      n++;
    }
  }
  return dark / n;
}

describe("the starter card (issue 25, item 6)", () => {
  let faces: Map<string, Buffer>;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-starter-"));
    const csv = path.join(root, "cards.csv");
    fs.writeFileSync(csv, "Name,Cost,Type,Text,Flavour\nFire Bolt,3,Attack,Deal 3 damage.,Hot.\nStone Wall,,Structure,Block.,\n");
    expect((await run("new", "spells", "--from-csv", csv, "--data", path.join(root, "data"))).code).toBe(0);
    const model = loadGame(path.join(root, "data"), "spells");
    const game = renderGameFrom(model);
    // The same game with the full-colour back, to compare the ink.
    const full = { ...game, components: game.components.map((c) => ({ ...c, id: "full", backTemplate: "back-full" })) };
    const t = new TemplateSet(model.paths.templatesDir);
    const sides = [...renderSides(game, t).sides, ...renderSides(full, t).sides];
    faces = new Map(await Promise.all(sides.map(async (s) => [s.key, await svgToPng(s.svg, 69.85, 60)] as const)));
  }, 60_000);

  // Regions in fractions of the card with bleed (69.85 × 95.25 mm).
  const titleBar = { x0: 0.15, y0: 0.11, x1: 0.6, y1: 0.19 };
  const artWindow = { x0: 0.15, y0: 0.25, x1: 0.85, y1: 0.5 };
  const rulesBox = { x0: 0.15, y0: 0.65, x1: 0.85, y1: 0.72 };
  const badge = { x0: 0.8, y0: 0.12, x1: 0.86, y1: 0.18 };

  it("has a dark title bar, a placeholder in the art window, a tinted rules box", () => {
    const face = faces.get("cards/fire-bolt")!;
    expect(ink(face, titleBar)).toBeGreaterThan(0.5);
    const art = ink(face, artWindow);
    expect(art).toBeGreaterThan(0.05); // the placeholder mountains, not blank paper
    expect(art).toBeLessThan(0.4);
    expect(ink(face, rulesBox)).toBeGreaterThan(0.03);
  });

  it("shows the cost badge only on a card with a cost", () => {
    expect(ink(faces.get("cards/fire-bolt")!, badge)).toBeLessThan(ink(faces.get("cards/stone-wall")!, badge));
  });

  it("prints a back light on ink; back-full is the full-colour option", () => {
    const light = ink(faces.get("cards/back")!);
    const full = ink(faces.get("full/back")!);
    expect(light).toBeLessThan(0.08);
    expect(full).toBeGreaterThan(0.5);
  });
});
