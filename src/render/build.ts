/**
 * Build one game: every side → SVG (pure) → PNG files, and the print PDFs per paper.
 * Writes are atomic; nothing is written before all SVGs rendered without error.
 */
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { renderFace, TemplateSet } from "./face";
import { FACE_MANIFEST, faceManifestJson, listFaces, type FaceEntry } from "./faces";
import { svgToPng } from "./png";
import { removeStalePngs, writeFileAtomic } from "./files";
import { mapLimit } from "./map-limit";
import { imposeAll } from "./kinds/index";
import { withContents, type OutlineEntry } from "./contents";
import { alignmentTest } from "./alignment";
import { DEFAULT_PRINT, PAPERS, type Page, type Paper, type PrintOptions } from "./page";
import { BLEED_MM, type RenderGame, type Warning } from "./types";

export interface BuildOptions {
  outDir: string;
  templates: TemplateSet;
  papers: Paper["id"][];
  png: boolean;
  print?: Partial<PrintOptions>;
  /** Called with a short status line as work progresses. */
  progress?: (line: string) => void;
  concurrency?: number;
}

export interface BuildResult {
  game: string;
  files: string[];
  warnings: Warning[];
  timings: Record<string, number>;
}

export interface RenderedSide extends FaceEntry {
  svg: string;
}

/** The pure stage: every side of every item as SVG (no I/O besides reading templates). */
export function renderSides(game: RenderGame, templates: TemplateSet): { sides: RenderedSide[]; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const sides = listFaces(game).map((entry) => {
    const r = renderFace(templates, game, entry);
    warnings.push(...r.warnings);
    return { ...entry, svg: r.svg };
  });
  return { sides, warnings };
}


export function printPages(game: RenderGame, paper: Paper, print: PrintOptions): Page[] {
  return imposeAll(game.components, paper, print);
}

/**
 * What a print PDF holds: the contents page first, then the pieces (only the `--only` components
 * when given), with the outline; and the file's name, e.g. lunar-trick-a4.pdf,
 * lunar-trick-a4-fold.pdf, lunar-trick-a4-only-dividers.pdf.
 */
export function printDocument(game: RenderGame, paper: Paper, print: PrintOptions): { pages: Page[]; outline: OutlineEntry[]; name: string; title: string } {
  const only = print.only;
  const components = only === undefined ? game.components : game.components.filter((c) => only.includes(c.id));
  const fold = print.layout === "fold";
  const title = `${game.title} — print and play (${paper.id.toUpperCase()}${fold ? ", fold and glue" : ""}${only === undefined ? "" : `, only ${components.map((c) => c.title).join(", ")}`})`;
  const { pages, outline } = withContents(imposeAll(components, paper, print), components, print, game.title);
  const name = `${game.id}-${paper.id}${fold ? "-fold" : ""}${print.inkSaver === true ? "-ink-saver" : ""}${only === undefined ? "" : `-only-${only.join("-")}`}.pdf`;
  return { pages, outline, name, title };
}

export async function buildGame(game: RenderGame, opts: BuildOptions): Promise<BuildResult> {
  const print: PrintOptions = { ...DEFAULT_PRINT, ...opts.print };
  const progress = opts.progress ?? (() => {});
  const timings: Record<string, number> = {};
  const files: string[] = [];
  let t = performance.now();
  const { sides, warnings } = renderSides(game, opts.templates);
  timings.svg = performance.now() - t;

  // PNGs rasterise on the thread pool while the PDFs are drawn on the main thread.
  const pngPhase = async (): Promise<void> => {
    if (!opts.png) return;
    const start = performance.now();
    let done = 0;
    await mapLimit(sides, opts.concurrency ?? availableParallelism() + 1, async (side) => {
      const png = await svgToPng(side.svg, side.component.width + 2 * BLEED_MM);
      const file = join(opts.outDir, game.id, "cards", side.file);
      writeFileAtomic(file, png);
      files.push(file);
      done += 1;
      progress(`${game.id}: PNG ${done}/${sides.length}`);
    });
    timings.png = performance.now() - start;
    removeStalePngs(join(opts.outDir, game.id, "cards"), new Set(files));
    const manifest = join(opts.outDir, game.id, "cards", FACE_MANIFEST);
    writeFileAtomic(manifest, faceManifestJson(game, sides));
    files.push(manifest);
  };

  const pdfPhase = async (): Promise<void> => {
    // pdfkit and fontkit load only when a PDF is drawn (~0.2 s of a process's start-up).
    const { writePdf } = await import("./pdf");
    const art = new Map(sides.map((s) => [s.key, s.svg]));
    const firstCard = game.components.find((c) => c.kind === "card");
    for (const paperId of opts.papers) {
      const start = performance.now();
      const paper = PAPERS[paperId];
      progress(`${game.id}: PDF ${paperId}`);
      const doc = printDocument(game, paper, print);
      const pdf = await writePdf(doc.pages, art, { title: doc.title, footer: game.title, paper, duplex: print.layout === "fold" ? "none" : print.duplex, outline: doc.outline });
      const file = join(opts.outDir, game.id, "print", doc.name);
      writeFileAtomic(file, pdf);
      files.push(file);
      if (firstCard && print.layout !== "fold") {
        const test = alignmentTest({ width: firstCard.width, height: firstCard.height }, paper, print);
        const alignPdf = await writePdf(test.pages, test.faces, { title: `${game.title} — duplex alignment test`, footer: game.title, paper, duplex: print.duplex });
        const alignFile = join(opts.outDir, game.id, "print", `${game.id}-alignment-test-${paperId}.pdf`);
        writeFileAtomic(alignFile, alignPdf);
        files.push(alignFile);
      }
      timings[`pdf-${paperId}`] = performance.now() - start;
    }
  };

  await Promise.all([pngPhase(), pdfPhase()]);
  files.sort();
  return { game: game.id, files, warnings, timings };
}
