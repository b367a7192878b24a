/**
 * Finding your way in a print PDF (issue 27): the contents page lists the pages to print to
 * reprint each component (and they hold every piece of it, backs included), the PDF outline has a
 * bookmark per component at its first page, and `--only` prints a partial reprint.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { printDocument, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS, type PrintOptions } from "../src/render/page";
import { writePdf } from "../src/render/pdf";
import { main } from "../src/cli";
import { game, templates, tempDir } from "./render-support";
import { DATA_GAMES } from "./games";

const componentOf = (face: string): string => face.slice(0, face.indexOf("/"));

/** "3–4, 7" → [3, 4, 7] */
function pagesIn(list: string): number[] {
  return list.split(", ").flatMap((r) => {
    const [a, b] = r.split("–").map(Number);
    return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
  });
}

type Made = { doc: ReturnType<typeof printDocument>; text: string; outline: { title: string; page: number }[] };
const made = new Map<string, Promise<Made>>();

/** Each case's PDF is made once for both of its tests. */
function pdfOf(id: string, print: PrintOptions): Promise<Made> {
  const key = `${id} ${JSON.stringify(print)}`;
  if (!made.has(key)) made.set(key, makePdf(id, print));
  return made.get(key)!;
}

async function makePdf(id: string, print: PrintOptions): Promise<Made> {
  const g = game(id);
  const doc = printDocument(g, PAPERS.a4, print);
  const art = new Map(renderSides(g, templates()).sides.map((s) => [s.key, s.svg]));
  const bytes = await writePdf(doc.pages, art, { title: doc.title, footer: g.title, paper: PAPERS.a4, duplex: print.layout === "fold" ? "none" : print.duplex, outline: doc.outline });
  const dir = mkdtempSync(join(tmpdir(), "syzygy-contents-"));
  try {
    writeFileSync(join(dir, "x.pdf"), bytes);
    const text = execFileSync("pdftotext", ["-f", "1", "-l", "1", "-layout", join(dir, "x.pdf"), "-"], { encoding: "utf8" });
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const outline: { title: string; page: number }[] = [];
    for (const item of (await pdf.getOutline()) ?? []) {
      const dest = typeof item.dest === "string" ? await pdf.getDestination(item.dest) : item.dest;
      outline.push({ title: item.title, page: (await pdf.getPageIndex(dest![0] as { num: number; gen: number })) + 1 });
    }
    await pdf.destroy();
    return { doc, text, outline };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Every game two-sided, and one in fold-and-glue (its contents list fronts only).
describe.each([...DATA_GAMES.map((id) => [id, DEFAULT_PRINT] as const), ["lunar-trick", { ...DEFAULT_PRINT, layout: "fold" as const }] as const])("%s %o", (id, print) => {
  it("the first page lists, per component, pages that hold all of it — whole sheets, fronts with their backs", async () => {
    const { doc, text } = await pdfOf(id, print);
    const g = game(id);
    expect(doc.pages[0].text?.title).toBe(`${g.title} — what to print`);
    let listed = 0;
    for (const c of g.components) {
      const m = new RegExp(`${c.title}: pages ([0-9–, ]+)`).exec(text);
      expect(m, `${c.title} on the contents page`).not.toBeNull();
      listed++;
      const pages = pagesIn(m![1].trim());
      doc.pages.forEach((page, i) => {
        const has = page.placements.some((p) => componentOf(p.face) === c.id);
        if (has) expect(pages, `${c.title} is on page ${i + 1}`).toContain(i + 1);
      });
      // Two-sided: a reprint of whole sheets — every listed front comes with the page after it.
      if (print.layout !== "fold") for (const n of pages) expect(doc.pages[n - 1].side === "front" ? pages.includes(n + 1) : pages.includes(n - 1)).toBe(true);
    }
    expect(listed).toBe(g.components.length);
    // A two-sided run stays in step: the contents page has a blank back.
    if (print.layout !== "fold") expect(doc.pages[1].side).toBe("blank");
  }, 60_000);

  it("the PDF outline has a bookmark per component at the first page that shows it", async () => {
    const { doc, outline } = await pdfOf(id, print);
    const g = game(id);
    expect(outline[0]).toEqual({ title: "What to print (contents)", page: 1 });
    for (const c of g.components) {
      const first = doc.pages.findIndex((p) => p.placements.some((x) => componentOf(x.face) === c.id)) + 1;
      expect(outline, c.title).toContainEqual({ title: c.title, page: first });
    }
  }, 60_000);
});

describe("--only", () => {
  it("prints only the named components, in a file named after them", () => {
    const doc = printDocument(game("lunar-trick"), PAPERS.a4, { ...DEFAULT_PRINT, only: ["dividers", "moon-markers"] });
    expect(doc.name).toBe("lunar-trick-a4-only-dividers-moon-markers.pdf");
    const shown = new Set(doc.pages.flatMap((p) => p.placements.map((x) => componentOf(x.face))));
    expect([...shown].sort()).toEqual(["dividers", "moon-markers"]);
    // 8 dividers and their backs, 3 markers (two-sided): one sheet after the contents.
    expect(doc.pages.filter((p) => p.placements.some((x) => x.face.startsWith("dividers/") && !x.face.endsWith("back"))).length).toBe(1);
    expect(doc.pages.flatMap((p) => p.placements).filter((x) => x.face === "dividers/divider")).toHaveLength(8);
    expect(doc.pages.flatMap((p) => p.placements).filter((x) => x.face === "moon-markers/moon-marker")).toHaveLength(3);
  });

  it("a component id the game lacks is a usage error naming the game's components (exit 2)", async () => {
    const errs: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => (errs.push(String(s)), true)) as typeof process.stderr.write;
    try {
      expect(await main(["build", "lunar-trick", "--only", "divider", "--no-png", "--no-tts", "--out", tempDir("only-bad")])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(errs.join("")).toMatch(/--only: lunar-trick has no component "divider" \(its components: moon-cards, dividers,/);
  });
});
