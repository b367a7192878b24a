/**
 * One game = one folder + its data (issue: one definition per game). Generic modules never name a
 * game: every registry reads the one list, src/games/list.ts, so adding a game with an engine
 * touches its folder (src/engine/<game>/), its data (data/<game>/, templates/<game>/) and that
 * list — nothing else.
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { GAMES } from "../src/games/index";
import { cycles, folderGraph, folderOf, importGraph, loopPath, packagesLoadedBy, type Graph } from "./import-graph";

const ROOT = path.resolve(__dirname, "..");

/** Files allowed to name a game besides the game's own folder. */
const ALLOWED = new Set([
  // the one list
  "src/games/list.ts",
  // the Eclipsed meld calculator: a command that exists for one game only
  "src/cli/commands/meld.ts",
]);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|mts|mjs|js)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

function ownFolder(file: string): string | undefined {
  for (const g of GAMES) if (file.startsWith(`src/engine/${g.id}/`)) return g.id;
  return undefined;
}

describe("one game = one folder", () => {
  const files = [...sources("src"), ...sources("mods")];

  it("scans the generic modules (the list is not empty)", () => {
    expect(GAMES.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((f) => ownFolder(f) === undefined).length).toBeGreaterThan(50);
  });

  it("no generic module names a game, by id or by display name", () => {
    const words = GAMES.flatMap((g) => [g.id, g.name]);
    const offending: string[] = [];
    for (const file of files) {
      // a game's own folder may name anything (Lunar Trick has a card called Solar Eclipse)
      if (ALLOWED.has(file) || ownFolder(file) !== undefined) continue;
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const w of words) {
        // whole words, case as written: ids are lowercase, names capitalised
        const re = new RegExp(`(?<![A-Za-z0-9-])${w.replace(/[-]/g, "\\-")}(?![A-Za-z0-9-])`);
        const m = re.exec(text);
        if (m !== null) offending.push(`${file}:${text.slice(0, m.index).split("\n").length}: ${w}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("every game of the list has its folder, data and templates", () => {
    for (const g of GAMES) {
      expect(fs.existsSync(path.join(ROOT, "src/engine", g.id, "index.ts")), g.id).toBe(true);
      expect(fs.existsSync(path.join(ROOT, "data", g.id, "game.yaml")), g.id).toBe(true);
      expect(fs.existsSync(path.join(ROOT, "templates", g.id)), g.id).toBe(true);
      expect(g.engine.id).toBe(g.id);
    }
  });
});

/**
 * Imports run one way. Files: no import cycle anywhere (src, mods, test, bench, scripts). Folders
 * (src, mods, test): no two folders import each other, directly or round a loop — a folder's
 * files and its subfolders' are one module (src/render/kinds is part of src/render, a game's
 * folder part of src/engine), so edges between a folder and its own ancestor are not counted;
 * a file directly in src/ (cli.ts, errors.ts) is its own unit. bench and scripts use test
 * drivers: between the top folders (src, mods, test, bench, scripts) imports run one way too —
 * bench/ may import test/'s drivers, so test/ never imports bench/.
 */
describe("imports run one way", () => {
  const graph = importGraph(ROOT, ["src", "mods", "test", "bench", "scripts"]);

  it("reads the graph (hundreds of files, thousands of imports)", () => {
    expect(graph.size).toBeGreaterThan(300);
    let edges = 0;
    for (const t of graph.values()) edges += t.size;
    expect(edges).toBeGreaterThan(1000);
  });

  it("no file cycle", () => {
    expect(cycles(graph).map((c) => loopPath(graph, c).join(" → "))).toEqual([]);
  });

  it("no folder-level loop in src/, mods/ and test/", () => {
    const product = new Map([...graph].filter(([f]) => /^(src|mods|test)\//.test(f)));
    const unit = (file: string): string => (/^src\/[^/]+$/.test(file) ? file : folderOf(file));
    const related = (a: string, b: string): boolean => a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
    const folders: Graph = new Map();
    for (const [file, targets] of product) {
      const from = unit(file);
      if (!folders.has(from)) folders.set(from, new Set());
      for (const t of targets) {
        const to = unit(t);
        if (to !== from && !related(from, to) && product.has(t)) folders.get(from)!.add(to);
      }
    }
    expect(cycles(folders).map((c) => loopPath(folders, c).join(" → "))).toEqual([]);
  });

  it("no loop between the top folders (src, mods, test, bench, scripts)", () => {
    expect(cycles(topFolders(graph)).map((c) => loopPath(topFolders(graph), c).join(" → "))).toEqual([]);
  });

  it("finds a loop between top folders that only their files' graph hides (the check's own check)", () => {
    // test/a.ts → bench/b.ts and bench/c.ts → test/d.ts: no file cycle, yet test and bench import each other
    const g: Graph = new Map([
      ["test/a.ts", new Set(["bench/b.ts"])],
      ["bench/b.ts", new Set<string>()],
      ["bench/c.ts", new Set(["test/d.ts"])],
      ["test/d.ts", new Set<string>()],
    ]);
    expect(cycles(g)).toEqual([]);
    expect(cycles(topFolders(g))).toEqual([["bench", "test"]]);
  });

  it("finds a loop when there is one (the check's own check)", () => {
    const g: Graph = new Map([
      ["a/x.ts", new Set(["b/y.ts"])],
      ["b/y.ts", new Set(["c/z.ts"])],
      ["c/z.ts", new Set(["a/x.ts"])],
      ["d/w.ts", new Set(["a/x.ts"])],
    ]);
    expect(cycles(g).map((c) => loopPath(g, c))).toEqual([["a/x.ts", "b/y.ts", "c/z.ts", "a/x.ts"]]);
    expect(cycles(folderGraph(g))).toEqual([["a", "b", "c"]]);
  });
});

/** The graph with files merged into their top folder (src, test, bench, …). */
function topFolders(graph: Graph): Graph {
  return folderGraph(graph, (file) => file.split("/")[0]);
}

describe("start-up loads what the command needs first", () => {
  // pdfkit + fontkit cost ~0.2 s of a process's start, sharp + resvg ~0.15 s, svg-to-pdfkit,
  // pngjs and the CSV libraries ~0.1 s (docs/benchmarks.md): `syzygy build` loads each when it
  // first draws a PDF, rasterises a face, meets SVG outside the direct subset or art with
  // transparency, or reads a sheet — so a cold build hands its first faces to the raster threads
  // sooner, and a command that needs none of them never pays.
  const LATE = ["pdfkit", "fontkit", "svg-to-pdfkit", "sharp", "@resvg/resvg-js", "pngjs", "csv-parse", "csv-stringify"];

  it.each(["src/cli.ts", "src/cli/commands/build.ts", "src/cli/commands/validate.ts"])("%s loads no PDF or raster library at start-up", (entry) => {
    const loaded = packagesLoadedBy(ROOT, entry);
    const early = LATE.filter((p) => loaded.has(p)).map((p) => `${p} (imported by ${loaded.get(p)})`);
    expect(early).toEqual([]);
  });

  it("sees the packages a file imports (the check's own check)", () => {
    const pdf = packagesLoadedBy(ROOT, "src/render/pdf.ts");
    expect([...pdf.keys()]).toEqual(expect.arrayContaining(["pdfkit", "fontkit", "@resvg/resvg-js"]));
    expect(packagesLoadedBy(ROOT, "src/render/text.ts").has("harfbuzzjs")).toBe(true);
    // A require() inside a function loads when called (model/fonts.ts: fontkit, for font files only).
    expect(packagesLoadedBy(ROOT, "src/model/fonts.ts").has("fontkit")).toBe(false);
    expect(packagesLoadedBy(ROOT, "src/render/pdf-libraries.ts").has("pdfkit")).toBe(true);
    expect(packagesLoadedBy(ROOT, "src/render/raster-process.mjs").has("sharp")).toBe(true);
  });
});
