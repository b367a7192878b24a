/**
 * Incremental builds (issue 9): the cached path writes exactly the bytes of a cold build
 * (render's buildGame), rewrites nothing when nothing changed, re-rasterises only the edited
 * face, rewrites only the PDFs that place it, restores deleted outputs from the content-addressed
 * cache, and drops PNGs of items that no longer exist. Uses a small subset of real data to stay light.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { buildGame, renderSides } from "../src/render/build";
import type { RenderGame } from "../src/render/types";
import { buildGames, GameBuildError, type IncrementalResult } from "../src/pipeline/incremental";
import { TemplateSet } from "../src/render/face";
import { WorkerPool } from "../src/pipeline/pool";
import { TEMPLATES, game, subset, tempDir, templates } from "./render-support";

function tree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const sub of ["cards", "print"]) {
    const root = join(dir, sub);
    if (!existsSync(root)) continue;
    for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (e.isFile()) out.set(relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name)));
    }
  }
  return out;
}

function expectSameTree(a: string, b: string): void {
  const ta = tree(a);
  const tb = tree(b);
  expect([...ta.keys()].sort()).toEqual([...tb.keys()].sort());
  for (const [k, v] of ta) expect(v.equals(tb.get(k)!), `${k} differs from a cold build`).toBe(true);
}

function renamed(g: RenderGame, itemId: string, name: string): RenderGame {
  return {
    ...g,
    components: g.components.map((c) => ({ ...c, items: c.items.map((i) => (i.id === itemId ? { ...i, values: { ...i.values, name } } : i)) })),
  };
}

async function cold(g: RenderGame): Promise<string> {
  const dir = tempDir("cold");
  await buildGame(g, { outDir: dir, templates: templates(), papers: ["a4"], png: true });
  return join(dir, g.id);
}

describe("incremental build of a Lunar Trick subset", () => {
  const pool = new WorkerPool(2);
  const out = tempDir("incremental");
  const base = subset(game("lunar-trick"), 2);
  const build = async (g: RenderGame): Promise<IncrementalResult> => (await buildGames([{ game: g, templates: templates() }], { outDir: out, papers: ["a4"], png: true, pool }))[0];
  let first: IncrementalResult;

  beforeAll(async () => {
    first = await build(base);
  }, 180_000);
  afterAll(() => pool.close());

  it("a cold incremental build is byte-identical to render's buildGame, plus the gallery", async () => {
    expect(first.cold).toBe(true);
    expect(first.rasterized + first.fromCache).toBe(first.files.filter((f) => f.endsWith(".png")).length);
    // Faces sharing one SVG (moon markers' face and back) are rasterised once, not raced twice.
    const svgs = renderSides(base, templates()).sides.map((s) => s.svg);
    expect(new Set(svgs).size).toBeLessThan(svgs.length);
    expect(first.rasterized).toBe(new Set(svgs).size);
    expectSameTree(join(out, "lunar-trick"), await cold(base));
    expect(existsSync(join(out, "lunar-trick/index.html"))).toBe(true);
  }, 180_000);

  it("a no-op rebuild writes nothing and touches no file", async () => {
    const times = new Map(first.files.map((f) => [f, statSync(f).mtimeMs]));
    const r = await build(base);
    expect(r.written).toEqual([]);
    expect(r.changedFaces).toEqual([]);
    expect(r.rasterized).toBe(0);
    for (const f of first.files.filter((x) => !x.endsWith(".html"))) expect(statSync(f).mtimeMs).toBe(times.get(f));
  }, 60_000);

  it("a one-card text edit re-rasterises that face and rewrites only the PDF that places it", async () => {
    const edited = renamed(base, "rising-2", "Edited Rising Moon");
    const r = await build(edited);
    expect(r.changedFaces).toEqual(["moon-cards/rising-2"]);
    expect(r.rasterized).toBe(1);
    const written = r.written.map((f) => relative(join(out, "lunar-trick"), f));
    // faces.json records the SVG each PNG shows, so the edited face's entry changes with it.
    expect(written).toEqual(["cards/faces.json", "cards/moon-cards/rising-2.png", "print/lunar-trick-a4.pdf"]);
    expectSameTree(join(out, "lunar-trick"), await cold(edited));
    expect(readFileSync(join(out, "lunar-trick/index.html"), "utf8")).toContain("Edited Rising Moon");
  }, 180_000);

  it("reverting the edit and deleting an output restore them from the cache without rasterising", async () => {
    rmSync(join(out, "lunar-trick/cards/moon-cards/rising-1.png"));
    const r = await build(base);
    expect(r.changedFaces).toEqual(["moon-cards/rising-2"]);
    expect(r.rasterized).toBe(0);
    expect(r.fromCache).toBe(2);
    expectSameTree(join(out, "lunar-trick"), await cold(base));
  }, 180_000);

  it("an item that no longer exists loses its PNG", async () => {
    const fewer: RenderGame = { ...base, components: base.components.map((c) => (c.id === "moon-cards" ? { ...c, items: c.items.slice(0, 1) } : c)) };
    const r = await build(fewer);
    expect(existsSync(join(out, "lunar-trick/cards/moon-cards/rising-2.png"))).toBe(false);
    expect(r.files.some((f) => f.endsWith("rising-2.png"))).toBe(false);
  }, 120_000);

  it("a PDF-only build (--no-png) in between does not make the next full build rewrite the PNGs", async () => {
    const fewer: RenderGame = { ...base, components: base.components.map((c) => (c.id === "moon-cards" ? { ...c, items: c.items.slice(0, 1) } : c)) };
    const pdfOnly = (await buildGames([{ game: fewer, templates: templates() }], { outDir: out, papers: ["a4"], png: false, pool }))[0];
    expect(pdfOnly.written).toEqual([]);
    const r = await build(fewer);
    expect(r.written).toEqual([]);
  }, 120_000);
});

describe("build errors", () => {
  it("a template error names the game and writes nothing", async () => {
    const out = tempDir("incremental-bad");
    const g = subset(game("lunar-trick"), 1, ["moon-cards"]);
    const bad: RenderGame = { ...g, components: g.components.map((c) => ({ ...c, faceTemplate: "no-such-template" })) };
    await expect(buildGames([{ game: bad, templates: templates() }], { outDir: out, papers: ["a4"], png: true })).rejects.toMatchObject({
      game: "lunar-trick",
      message: expect.stringContaining("no-such-template"),
    });
    expect(existsSync(join(out, "lunar-trick"))).toBe(false);
  });
});

describe("a template that renders malformed SVG", () => {
  it("fails the build naming the face, the template and the spot (issue 9; issue 24: before the raster threads)", async () => {
    const dir = tempDir("bad-templates");
    cpSync(TEMPLATES, dir, { recursive: true });
    const file = join(dir, "lunar-trick", "moon-marker.svg.hbs");
    writeFileSync(file, readFileSync(file, "utf8").replace("<circle", '<circle broken="'));
    const g = subset(game("lunar-trick"), 1);
    const run = buildGames([{ game: g, templates: new TemplateSet(dir) }], { outDir: tempDir("bad-out"), papers: [], png: true });
    await expect(run).rejects.toThrow(GameBuildError);
    // Face and back use the broken template; either may fail first (they rasterise in parallel).
    // Read with the XML parser before any renderer sees it (issue 24): located in the SVG the template renders.
    await expect(run).rejects.toThrow(/^lunar-trick\/moon-markers\/(moon-marker|back): template .*moon-marker\.svg\.hbs: .*moon-marker\.svg\.hbs \(the SVG it renders\):1:\d+: not well-formed XML: .* near ".*<circle broken=/);
  });
});
