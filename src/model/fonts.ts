/**
 * A game's own fonts: the `fonts:` list of game.yaml, each entry a TTF/OTF file in
 * data/<game>/fonts/. Every file is read once, safely (confined to the data folder, a regular file
 * within MAX_FONT_BYTES), checked by its magic bytes (pdfkit embeds only TrueType and OpenType)
 * and by the names written in it: resvg finds a face by the family and weight inside the file, so
 * game.yaml must say the same, or PNG and PDF would draw different faces.
 */
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import { createRequire } from "node:module";
import type * as fontkit from "fontkit";
import { formatPath, type Diagnostic, type PathSegment } from "./diagnostics";
import { isInside } from "./read-text";
import type { FontFileEntry } from "./schema/game";
import type { YamlSource } from "./yaml-source";
import { deferUnusedModules } from "../defer-require";

/** A font a game uses: what src/render/fonts.ts registers as a face. */
export interface GameFont {
  family: string;
  weight: number;
  style: "normal" | "italic";
  /** Absolute path of the checked file. */
  file: string;
  /** sha256 of the file's bytes (part of the face key, so a changed file re-renders its faces). */
  hash: string;
}

/** Font files are a few hundred KB; a CJK family may take several MB. */
export const MAX_FONT_BYTES = 32 * 1024 * 1024;

/** Family names the bundled faces use: a game font of that name would be ambiguous to resvg. */
const BUNDLED_FAMILIES = ["Inter", "Inter ExtraBold"];

/** What the first bytes say the file is, or why it cannot be used. */
export function fontKindProblem(head: Buffer): string | undefined {
  const tag = head.subarray(0, 4).toString("latin1");
  if (head.length >= 4 && (head.readUInt32BE(0) === 0x00010000 || tag === "OTTO" || tag === "true")) return undefined;
  if (tag === "wOFF" || tag === "wOF2") {
    return `it is a ${tag === "wOFF" ? "WOFF" : "WOFF2"} web font, which pdfkit cannot draw into PDFs; convert it to TTF or OTF (e.g. with fonttools: \`fonttools ttLib.woff2 decompress\`) and name that file`;
  }
  if (tag === "ttcf") return "it is a font collection (.ttc); extract the one face you need into a TTF or OTF file";
  return "it is not a TrueType (.ttf) or OpenType (.otf) font; name a TTF or OTF file";
}

function problem(src: YamlSource, path: PathSegment[], code: string, message: string): Diagnostic {
  return { code, location: src.locate(path), path: formatPath(path), message };
}

/** Reads a font file without trusting the path: inside `root`, a regular file, size-limited. */
function readFontBytes(abs: string, root: string): { bytes: Buffer } | { why: string; code: string } {
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return { code: "font-missing", why: "not found" };
  }
  if (!isInside(real, realpathSync(root))) return { code: "path-escapes", why: "it leads outside the data folder (a symbolic link?); put the font file itself in the fonts folder" };
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return { code: "font-unreadable", why: (err as NodeJS.ErrnoException).code === "EACCES" ? "it cannot be read (permission denied)" : "it cannot be opened" };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { code: "font-unreadable", why: "it is not a regular file" };
    if (st.size > MAX_FONT_BYTES) return { code: "file-too-large", why: `it is ${st.size} bytes, more than the ${MAX_FONT_BYTES} a font file may have` };
    const bytes = Buffer.alloc(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, bytes, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    return { bytes: bytes.subarray(0, got) };
  } finally {
    closeSync(fd);
  }
}

/** The family names a font file carries (typographic family first, then the legacy one). */
const require = createRequire(import.meta.url);

/**
 * fontkit, loaded only when a game declares a font file (it costs every `validate` ~60 ms
 * otherwise): the CommonJS build the PDFs load too (src/render/pdf-libraries.ts), one copy.
 */
function loadFontkit(): typeof fontkit {
  deferUnusedModules();
  return require("fontkit") as typeof fontkit;
}

function familiesOf(font: fontkit.Font): string[] {
  const records = (font as unknown as { name?: { records?: Record<string, Record<string, string> | undefined> } }).name?.records ?? {};
  const out = new Set<string>();
  for (const key of ["preferredFamily", "fontFamily"]) for (const v of Object.values(records[key] ?? {})) out.add(v);
  const legacy = (font as unknown as { familyName?: string }).familyName;
  if (legacy) out.add(legacy);
  return [...out];
}

/**
 * Checks game.yaml's `fonts:` entries (already schema-valid) and returns the usable fonts; every
 * problem becomes a diagnostic located at the entry in game.yaml.
 */
export function gameFonts(entries: readonly FontFileEntry[], src: YamlSource, gameDir: string, absData: string, problems: Diagnostic[]): GameFont[] {
  const fontsDir = join(gameDir, "fonts");
  const out: GameFont[] = [];
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    const at = ["fonts", i];
    const weight = e.weight ?? 400;
    const style = e.style ?? "normal";
    if (BUNDLED_FAMILIES.includes(e.family)) {
      problems.push(problem(src, [...at, "family"], "font-family-reserved", `family "${e.family}" is the bundled font's; templates get it without a fonts entry, so give your font its own family name`));
      return;
    }
    const face = `${e.family}/${weight}/${style}`;
    const first = seen.get(face);
    if (first !== undefined) {
      problems.push(problem(src, at, "font-duplicate", `fonts[${first}] already declares "${e.family}" weight ${weight} ${style}; remove one of the two`));
      return;
    }
    seen.set(face, i);
    const abs = resolve(fontsDir, e.file);
    const rel = relative(fontsDir, abs);
    if (isAbsolute(e.file) || rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
      problems.push(problem(src, [...at, "file"], "path-escapes", `font file ${JSON.stringify(e.file)} must be a file inside data/${basename(gameDir)}/fonts/ (no "..", no absolute paths)`));
      return;
    }
    const shown = relative(process.cwd(), abs) || abs;
    const read = readFontBytes(abs, absData);
    if ("why" in read) {
      problems.push(problem(src, [...at, "file"], read.code, `font file ${JSON.stringify(e.file)} (${shown}): ${read.why}${read.code === "font-missing" ? "; put the TTF or OTF file in the game's fonts folder or fix the name" : ""}`));
      return;
    }
    const wrong = fontKindProblem(read.bytes);
    if (wrong !== undefined) {
      problems.push(problem(src, [...at, "file"], "font-not-ttf", `font file ${JSON.stringify(e.file)} (${shown}) cannot be used: ${wrong}`));
      return;
    }
    let font: fontkit.Font;
    try {
      font = (loadFontkit() as unknown as { create(data: Buffer): fontkit.Font }).create(read.bytes);
    } catch (err) {
      problems.push(problem(src, [...at, "file"], "font-not-ttf", `font file ${JSON.stringify(e.file)} (${shown}) is damaged (${err instanceof Error ? err.message : "unreadable"}); export it again as TTF or OTF`));
      return;
    }
    // fontkit reads tables lazily: a damaged file can open and then fail (or name no family) here,
    // or only when text is laid out; all of it is tried now, so a damaged font is named as such.
    let families: string[];
    try {
      families = familiesOf(font);
      font.layout("Ag 0");
      void (font as unknown as { "OS/2"?: unknown })["OS/2"];
    } catch (err) {
      problems.push(problem(src, [...at, "file"], "font-not-ttf", `font file ${JSON.stringify(e.file)} (${shown}) is damaged (${err instanceof Error ? err.message : "unreadable"}); export it again as TTF or OTF`));
      return;
    }
    if (families.length === 0) {
      problems.push(problem(src, [...at, "file"], "font-not-ttf", `font file ${JSON.stringify(e.file)} (${shown}) is damaged (it names no font family); export it again as TTF or OTF`));
      return;
    }
    if (!families.includes(e.family)) {
      problems.push(
        problem(src, [...at, "family"], "font-family-mismatch", `font file ${JSON.stringify(e.file)} calls its family ${families.map((f) => `"${f}"`).join(" or ")}, not "${e.family}"; write that name here (the PNG renderer finds faces by the name inside the file)`),
      );
      return;
    }
    const fileWeight = (font as unknown as { "OS/2"?: { usWeightClass?: number } })["OS/2"]?.usWeightClass ?? 400;
    if (fileWeight !== weight) {
      problems.push(problem(src, [...at, "weight"], "font-weight-mismatch", `font file ${JSON.stringify(e.file)} has weight ${fileWeight}, not ${weight}; write weight: ${fileWeight}`));
      return;
    }
    const fileItalic = (font as unknown as { italicAngle?: number }).italicAngle !== 0 || ((font as unknown as { "OS/2"?: { fsSelection?: { italic?: boolean; oblique?: boolean } } })["OS/2"]?.fsSelection?.italic ?? false);
    if (fileItalic !== (style === "italic")) {
      problems.push(problem(src, [...at, "style"], "font-style-mismatch", `font file ${JSON.stringify(e.file)} is ${fileItalic ? "italic" : "upright"}; write style: ${fileItalic ? "italic" : "normal"}`));
      return;
    }
    out.push({ family: e.family, weight, style, file: realpathSync(abs), hash: createHash("sha256").update(read.bytes).digest("hex") });
  });
  return out;
}
