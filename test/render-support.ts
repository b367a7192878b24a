/** Shared helpers for the render tests: load real game data, subset it, read PDFs with pdfjs. */
import { mkdtempSync } from "node:fs";
import { vi } from "vitest";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGame } from "../src/model/load";
import { renderGameFrom } from "../src/render/source";
import { TemplateSet } from "../src/render/face";
import type { RenderGame } from "../src/render/types";

export const REPO = join(import.meta.dirname, "..");
export const DATA = join(REPO, "data");
export const TEMPLATES = join(REPO, "templates");

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `syzygy-${prefix}-`));
}

export function game(id: string, dataDir = DATA, templatesDir = TEMPLATES): RenderGame {
  return renderGameFrom(loadGame(dataDir, id, { templatesDir }));
}

export const templates = (dir = TEMPLATES): TemplateSet => new TemplateSet(dir);

/** The first `n` items of every component (at most 2 copies each): fast, but every template runs. */
export function subset(g: RenderGame, n = 1, only?: string[]): RenderGame {
  return {
    ...g,
    components: g.components
      .filter((c) => only === undefined || only.includes(c.id))
      .map((c) => ({ ...c, items: c.items.slice(0, n).map((i) => ({ ...i, copies: Math.min(i.copies, 2) })) })),
  };
}

export interface PdfInfo {
  pages: { width: number; height: number; text: string }[];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfInfo> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: PdfInfo["pages"] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const text = content.items.map((it) => ("str" in it ? it.str : "")).join(" ");
    pages.push({ width: x1 - x0, height: y1 - y0, text });
  }
  await doc.destroy();
  return { pages };
}

/** Width and height of a PNG from its header. */
export function pngSize(buf: Buffer): { width: number; height: number } {
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** Captures what the in-process CLI writes to stdout and stderr (restored by vi.restoreAllMocks). */
export function capture(): { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
    out += String(s);
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
    err += String(s);
    return true;
  });
  return { out: () => out, err: () => err };
}
