/**
 * A game's own icons: every `data/<game>/icons/<name>.svg` becomes the `:name:` token in text and
 * a name for the `icon` helper. Files are read like every data file (confined to the data folder,
 * size-limited, UTF-8) and checked before use: the drawing is inlined into each face's SVG, so it
 * must not run scripts or load anything from outside (no <script>, <image>, <foreignObject>,
 * event attributes, external href or url()). Each refusal is a located diagnostic naming the file.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, isAbsolute, sep } from "node:path";
import { didYouMean } from "./suggest";
import { diagnostics, formatPath, type Diagnostic, type Location, type PathSegment } from "./diagnostics";
import { iconTokensIn } from "./icon-tokens";
import { readDataText } from "./read-text";
import type { YamlSource } from "./yaml-source";
import { checkExpansion, parseSvgDocument, serializeChildren, SvgInputError } from "./svg-document";

/** One icon, ready to inline: the file's drawing in its own viewBox. */
export interface Icon {
  name: string;
  /** The file as messages show it. */
  file: string;
  /** x, y, width, height of the file's viewBox. */
  viewBox: [number, number, number, number];
  /** Presentation attributes of the file's root <svg> (fill, stroke…), serialised, "" when none. */
  rootAttrs: string;
  /** The markup inside the root <svg>; `currentColor` stands for the colour it is drawn in. */
  body: string;
  /** Characters that stand for this icon in text (the root's `data-glyphs`, space-separated). */
  glyphs: string[];
}

/** Icons by name. */
export type IconSet = Readonly<Record<string, Icon>>;

/** Icon names are the token syntax of text: `:name:`, `{name}`, `[name]` (src/model/icon-tokens.ts). */
export const ICON_NAME = /^[a-z][a-z0-9-]*$/;

/** Root attributes that style the whole drawing (Feather/Lucide-style icons set stroke here). */
const ROOT_PAINT = [
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "clip-rule",
  "opacity",
];

function problem(location: Location, message: string): Diagnostic {
  return { code: "icon-invalid", location, path: "", message };
}

function display(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : abs;
}

/**
 * Parses an icon file's text with an XML parser (svg-document.ts): the drawing, or the first
 * problem found, located in the file. An icon is a drawing only: no pictures, scripts, links to
 * other files, entities; what is kept is the checked tree written back out.
 */
export function parseIcon(name: string, text: string, file: string): Icon | Diagnostic {
  let root;
  try {
    root = parseSvgDocument(text, file, { noImages: true });
    checkExpansion(root, file);
  } catch (err) {
    if (err instanceof SvgInputError) return problem({ file, line: err.line, col: err.col }, `icon "${name}": ${err.detail}`);
    throw err;
  }
  const attrs = root.attrs;
  const openAt: Location = { file, line: root.line, col: root.col };
  const viewBox = viewBoxOf(attrs);
  if (viewBox === undefined) {
    return problem(openAt, `icon "${name}" has no usable viewBox (four numbers, positive width and height), e.g. viewBox="0 0 24 24"`);
  }
  const glyphs = (attrs.get("data-glyphs") ?? "").split(/\s+/).filter((g) => g !== "");
  const ascii = glyphs.find((g) => [...g].length !== 1 || g.charCodeAt(0) < 0x80);
  if (ascii !== undefined) {
    return problem(openAt, `icon "${name}": data-glyphs lists ${JSON.stringify(ascii)}; list single non-ASCII characters separated by spaces, e.g. data-glyphs="☀"`);
  }
  const rootAttrs = ROOT_PAINT.filter((k) => attrs.has(k))
    .map((k) => ` ${k}="${attrs.get(k)!.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;")}"`)
    .join("");
  return { name, file, viewBox, rootAttrs, body: serializeChildren(root).trim(), glyphs };
}

function viewBoxOf(attrs: Map<string, string>): Icon["viewBox"] | undefined {
  const raw = attrs.get("viewBox");
  const nums = raw !== undefined ? raw.trim().split(/[\s,]+/).map(Number) : [0, 0, Number(attrs.get("width")), Number(attrs.get("height"))];
  if (nums.length !== 4 || !nums.every(Number.isFinite) || nums[2] <= 0 || nums[3] <= 0) return undefined;
  return nums as Icon["viewBox"];
}

/**
 * Icons every game has unless it brings its own file of the same name: generic shapes the
 * template helpers draw (`players` draws `person`), not any game's symbols.
 */
export const GENERIC_ICONS: IconSet = {
  person: {
    name: "person",
    file: "(built in)",
    viewBox: [-1, -1, 2, 2],
    rootAttrs: "",
    body: `<circle cy="-0.55" r="0.38" fill="currentColor"/><path d="M-0.72 1A0.72 0.8 0 0 1 0.72 1Z" fill="currentColor"/>`,
    glyphs: [],
  },
};

/** Where a token is used, as its message lists it: a card's id (and row), else the value's path. */
function useLabel(src: YamlSource, path: PathSegment[]): string {
  const cards = (src.value as { cards?: unknown } | undefined)?.cards;
  if (path[0] === "cards" && typeof path[1] === "number" && Array.isArray(cards)) {
    const id = (cards[path[1]] as { id?: unknown } | undefined)?.id;
    const loc = src.locate(path.slice(0, 2));
    const where = loc.file.endsWith(".yaml") ? "" : ` (row ${loc.line})`;
    if (typeof id === "string") return `${id}${where}`;
  }
  return formatPath(path);
}

/** "a, b, c and 4 more" */
function listed(labels: string[]): string {
  const shown = labels.slice(0, 8);
  return shown.join(", ") + (labels.length > shown.length ? ` and ${labels.length - shown.length} more` : "");
}

/**
 * Icon tokens in a data file's text that name no icon: one problem per name, at its first use,
 * listing every card (or value) that uses it. `:name:` naming no icon is an error; `{name}` and
 * `[name]` may be plain text, so they are warnings (src/model/icon-tokens.ts).
 */
export function unknownIconTokens(src: YamlSource | undefined, icons: IconSet, folder?: { iconsDir: string; game: string }): { errors: Diagnostic[]; warnings: Diagnostic[]; missing: string[] } {
  if (src === undefined) return { errors: [], warnings: [], missing: [] };
  const known = Object.keys(icons).sort();
  const uses = new Map<string, { form: "colon" | "brace"; typed: string; path: PathSegment[]; labels: string[] }>();
  const walk = (value: unknown, path: PathSegment[]): void => {
    if (typeof value === "string") {
      for (const t of iconTokensIn(value)) {
        if (Object.prototype.hasOwnProperty.call(icons, t.name)) continue;
        // A reference table's `format` fills in {path} placeholders: braces there are no icons.
        if (t.form === "brace" && path[path.length - 1] === "format") continue;
        const key = `${t.form} ${t.name}`;
        const label = useLabel(src, path);
        const use = uses.get(key);
        if (use === undefined) uses.set(key, { form: t.form, typed: value.slice(t.index, t.index + t.length), path, labels: [label] });
        else if (!use.labels.includes(label)) use.labels.push(label);
      }
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, [...path, i]));
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(src.value, []);
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  // Where the designer's own icons go, and what is there (the built-in ones are not theirs).
  const own = known.filter((k) => icons[k].file !== "(built in)");
  for (const [key, use] of uses) {
    const name = key.slice(key.indexOf(" ") + 1);
    const d = diagnostics.unknownName(src.locate(use.path), use.path, "icon", name, known);
    const usedBy = `used by ${listed(use.labels)}`;
    if (folder !== undefined) {
      const iconsDir = folder.iconsDir;
      const add = `add ${iconsDir}/${name}.svg (\`syzygy icons ${folder.game}\` makes a placeholder; ${own.length > 0 ? `there now: ${own.map((k) => `${k}.svg`).join(", ")}` : "none there yet"})`;
      d.message =
        use.form === "colon"
          ? `unknown icon ${JSON.stringify(name)}${didYouMean(name, known)}, ${usedBy}: icons are SVG files in ${iconsDir}/, one per name; ${add}`
          : `${use.typed} names no icon, so it prints as typed; ${usedBy}. To draw an icon there, ${add}${didYouMean(name, known)}`;
    } else d.message += `, ${usedBy}`;
    (use.form === "colon" ? errors : warnings).push(d);
  }
  return { errors, warnings, missing: [...new Set([...uses.keys()].map((k) => k.slice(k.indexOf(" ") + 1)))] };
}

/** Reads `<gameDir>/icons/*.svg` over the generic icons. No folder means only the generic ones. */
export function loadIcons(gameDir: string, dataDir: string): { icons: IconSet; diagnostics: Diagnostic[] } {
  const dir = join(gameDir, "icons");
  const icons: Record<string, Icon> = Object.assign(Object.create(null), GENERIC_ICONS);
  const problems: Diagnostic[] = [];
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return { icons, diagnostics: problems };
  const byGlyph = new Map<string, string>();
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith(".")) continue;
    const abs = join(dir, entry);
    const file = display(abs);
    if (!entry.toLowerCase().endsWith(".svg")) {
      problems.push(problem({ file }, `icons are SVG files; convert "${entry}" to SVG or move it out of the icons folder`));
      continue;
    }
    const name = entry.slice(0, -4);
    if (!ICON_NAME.test(name)) {
      problems.push(problem({ file }, `icon file name "${entry}" cannot be a :token:; name it in lower case letters, digits and "-", starting with a letter (e.g. "fire-1.svg")`));
      continue;
    }
    const read = readDataText(abs, file, dataDir, "an SVG icon file");
    if (!read.ok) {
      problems.push(read.diagnostic);
      continue;
    }
    const icon = parseIcon(name, read.text, file);
    if ("code" in icon) {
      problems.push(icon);
      continue;
    }
    for (const g of icon.glyphs) {
      const other = byGlyph.get(g);
      if (other !== undefined) problems.push(problem({ file }, `icon "${name}" claims the glyph ${JSON.stringify(g)}, which icon "${other}" already stands for; keep it on one icon`));
      else byGlyph.set(g, name);
    }
    icons[name] = icon;
  }
  return { icons, diagnostics: problems };
}
