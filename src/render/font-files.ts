/**
 * One parsed fontkit font per bundled file and thread. Text metrics (fonts.ts) and the PDF
 * documents' fonts (pdf-fonts.ts) read the same font, so its layout tables (GSUB/GPOS, decoded
 * lazily and kept) and glyph metrics are decoded once rather than once per user.
 */
import { readFileSync } from "node:fs";
import * as fontkit from "fontkit";

/* eslint-disable @typescript-eslint/no-explicit-any -- fontkit internals (_tables) */

interface Parsed {
  data: Buffer;
  /** Decoded tables, shared by every font object made over the file. */
  tables: object;
  font: fontkit.Font;
}

const parsed = new Map<string, Parsed>();

function parse(file: string): Parsed {
  let p = parsed.get(file);
  if (p === undefined) {
    const data = readFileSync(file);
    const tables = {};
    p = { data, tables, font: openOver(data, tables) };
    parsed.set(file, p);
  }
  return p;
}

/** A new font object over shared tables (fontkit.create: the same parser as openSync). */
function openOver(data: Buffer, tables: object): fontkit.Font {
  const font = (fontkit as unknown as { create(data: Buffer): any }).create(data);
  font._tables = tables;
  return font;
}

/** The thread's font for `file`. */
export function fontFile(file: string): fontkit.Font {
  return parse(file).font;
}
