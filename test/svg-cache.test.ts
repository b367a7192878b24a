/**
 * Issue 28 (the one-card edit): each face's rendered SVG is kept in <out>/.cache/svg/, so a new
 * `syzygy build` process after an edit renders only the faces whose inputs changed. What is reused
 * must be what a render would make: the outputs equal a cold build's, byte for byte; a template
 * change renders every face again; a damaged entry is rendered again, not used.
 */
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { buildGames, forgetRenders, type IncrementalResult } from "../src/pipeline/incremental";
import { WorkerPool } from "../src/pipeline/pool";
import type { RenderGame } from "../src/render/types";
import { TEMPLATES, game, subset, tempDir, templates } from "./render-support";

function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out.set(relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name)));
  }
  return out;
}

function renamed(g: RenderGame, itemId: string, name: string): RenderGame {
  return { ...g, components: g.components.map((c) => ({ ...c, items: c.items.map((i) => (i.id === itemId ? { ...i, values: { ...i.values, name } } : i)) })) };
}

describe("rendered SVGs kept on disk between processes", () => {
  const pool = new WorkerPool(0);
  afterAll(() => pool.close());
  const base = subset(game("lunar-trick"), 2);
  const faces = (g: RenderGame): number => g.components.reduce((n, c) => n + c.items.length * (c.backTemplate === undefined ? 1 : 2), 0);
  /** A build as a new process makes it: nothing of this process's renders is known. */
  const build = async (g: RenderGame, out: string, templatesDir = TEMPLATES): Promise<IncrementalResult> => {
    forgetRenders();
    return (await buildGames([{ game: g, templates: templates(templatesDir) }], { outDir: out, papers: ["a4"], png: false, gallery: false, pool }))[0];
  };

  it("an edit renders only the edited item's faces, and the outputs equal a cold build's", async () => {
    const out = tempDir("svg-cache");
    const first = await build(base, out);
    expect(first.rendered).toBeGreaterThan(4);
    expect(readdirSync(join(out, ".cache", "svg")).filter((f) => f.endsWith(".json")).length).toBeGreaterThan(0);
    expect((await build(base, out)).rendered).toBe(0);
    const item = base.components.find((c) => c.kind === "card")!.items[0];
    const edited = renamed(base, item.id, "Edited Name");
    const r = await build(edited, out);
    expect(r.rendered).toBeGreaterThanOrEqual(1);
    expect(r.rendered).toBeLessThanOrEqual(2); // its face, and its back when the back reads the item
    expect(r.rendered).toBeLessThan(faces(base));
    const coldOut = tempDir("svg-cache-cold");
    expect((await build(edited, coldOut)).rendered).toBe(first.rendered);
    const [a, b] = [files(join(out, base.id)), files(join(coldOut, base.id))];
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [k, v] of a) expect(v.equals(b.get(k)!), `${k} differs from a cold build`).toBe(true);
  }, 120_000);

  it("a template edited renders every face again", async () => {
    const out = tempDir("svg-cache-tpl");
    const dir = join(tempDir("svg-cache-templates"), "templates");
    cpSync(TEMPLATES, dir, { recursive: true });
    const first = await build(base, out, dir);
    const card = readdirSync(join(dir, base.id)).find((f) => f.endsWith(".svg.hbs"))!;
    writeFileSync(join(dir, base.id, card), readFileSync(join(dir, base.id, card), "utf8") + "\n<!-- edited -->\n");
    expect((await build(base, out, dir)).rendered).toBe(first.rendered);
  }, 120_000);

  it("a damaged entry is rendered again, not used", async () => {
    const out = tempDir("svg-cache-damaged");
    const first = await build(base, out);
    const svgDir = join(out, ".cache", "svg");
    const entries = readdirSync(svgDir).filter((f) => f.endsWith(".json"));
    expect(entries.length).toBeGreaterThan(0);
    // Damaged in place, its name (the hash of its bytes) kept.
    for (const f of entries) writeFileSync(join(svgDir, f), readFileSync(join(svgDir, f), "utf8").replace("<svg", '<svg data-damaged="1"'));
    expect((await build(base, out)).rendered).toBe(first.rendered);
    const left = readdirSync(svgDir).filter((f) => f.endsWith(".json")).map((f) => readFileSync(join(svgDir, f), "utf8"));
    expect(left.length).toBeGreaterThan(0);
    expect(left.some((e) => e.includes("data-damaged"))).toBe(false);
    expect(existsSync(join(out, base.id, "print"))).toBe(true);
  }, 120_000);
});
