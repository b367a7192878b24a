/**
 * The pure stage of the pipeline: one side of one item → a standalone SVG string. Everything
 * downstream (PNG, PDF) consumes this string, so a later cache can key on its hash.
 */
import { readdirSync, existsSync } from "node:fs";
import { join, basename } from "node:path";
import Handlebars from "handlebars";
import { formatDiagnostic, type Diagnostic } from "../model/diagnostics";
import { readDataText } from "../model/read-text";
import { templateFile } from "../model/template-file";
import { HELPERS, type RenderData } from "./helpers";
import { withSignature } from "./helper-signatures";
import { inlineImages } from "./image-assets";
import { iconsBesideTemplates } from "./icons";
import { BLEED_MM, type FaceRef, type RenderGame, type Warning } from "./types";

type Template = Handlebars.TemplateDelegate;

/**
 * A template's text: a regular UTF-8 file within the size limit (a FIFO or a device must not hang
 * the build), inside the templates folder `root` (a link out of it is refused, as for data files).
 */
export function readTemplateText(file: string, root: string, shown = file): ReturnType<typeof readDataText> {
  return readDataText(file, shown, root, "the template file", "templates");
}

function readTemplate(file: string, root: string): string {
  const r = readTemplateText(file, root);
  if (!r.ok) throw new Error(formatDiagnostic(r.diagnostic));
  return r.text;
}

/** A compiled template set for one templates directory. */
export class TemplateSet {
  private readonly hb = Handlebars.create();
  private readonly cache = new Map<string, Template>();
  /** Partials that cannot be read (a link out of the templates folder, a FIFO…): none is used. */
  readonly problems: Diagnostic[] = [];
  private readonly files = new Map<string, string>();

  constructor(readonly dir: string) {
    for (const [name, fn] of Object.entries(HELPERS)) this.hb.registerHelper(name, withSignature(name, fn));
    const partials = join(dir, "partials");
    if (existsSync(partials)) {
      for (const file of readdirSync(partials).sort()) {
        if (!file.endsWith(".hbs")) continue;
        const r = readTemplateText(join(partials, file), dir);
        if (r.ok) this.hb.registerPartial(basename(file, ".hbs").replace(/\.svg$/, ""), r.text);
        else this.problems.push(r.diagnostic);
      }
    }
  }

  /** The file template `name` of `game` resolves to (src/model/template-file.ts). */
  path(game: string, name: string): string {
    const key = `${game}/${name}`;
    let file = this.files.get(key);
    if (file === undefined) {
      file = templateFile(this.dir, game, name);
      this.files.set(key, file);
    }
    return file;
  }

  get(game: string, name: string): Template {
    const key = `${game}/${name}`;
    let t = this.cache.get(key);
    if (!t) {
      if (this.problems.length > 0) throw new Error(formatDiagnostic(this.problems[0]));
      const file = this.path(game, name);
      if (!existsSync(file)) throw new Error(`template "${name}" not found: expected ${file}`);
      t = this.hb.compile(readTemplate(file, this.dir), { strict: false, noEscape: false });
      this.cache.set(key, t);
    }
    return t;
  }
}

export interface Frame {
  /** Trimmed size. */
  w: number;
  h: number;
  cx: number;
  cy: number;
  bleed: number;
  /** The full art area including bleed (x, y are negative). */
  x: number;
  y: number;
  fullW: number;
  fullH: number;
  /** Safe zone: 1/8 in inside the trim. */
  safe: { x: number; y: number; w: number; h: number };
}

export function frameFor(w: number, h: number, bleed = BLEED_MM): Frame {
  const s = BLEED_MM;
  return {
    w,
    h,
    cx: w / 2,
    cy: h / 2,
    bleed,
    x: -bleed,
    y: -bleed,
    fullW: w + 2 * bleed,
    fullH: h + 2 * bleed,
    safe: { x: s, y: s, w: w - 2 * s, h: h - 2 * s },
  };
}

export function templateName(ref: FaceRef): string | undefined {
  if (ref.side === "face") return ref.item.faceTemplate ?? ref.component.faceTemplate;
  return ref.item.backTemplate ?? ref.component.backTemplate;
}

export interface RenderedFace {
  svg: string;
  warnings: Warning[];
}

/**
 * Renders one side as SVG. Coordinates inside templates are mm with the origin at the trimmed
 * top-left corner; the root viewBox adds the bleed on every side.
 */
export function renderFace(templates: TemplateSet, game: RenderGame, ref: FaceRef): RenderedFace {
  const name = templateName(ref);
  if (name === undefined) throw new Error(`${game.id}/${ref.component.id}: no ${ref.side} template`);
  const frame = frameFor(ref.component.width, ref.component.height);
  const warnings: Warning[] = [];
  const where = `${game.id}/${ref.component.id}/${ref.item.id}${ref.side === "back" ? " (back)" : ""}`;
  const data: RenderData = { where, warnings, iconColors: game.iconColors, icons: game.icons ?? iconsBesideTemplates(templates.dir, game.id), fonts: game.fonts ?? [] };
  const values = ref.side === "back" && ref.item.backValues ? ref.item.backValues : ref.item.values;
  const context = {
    game: { id: game.id, title: game.title, ...game.values },
    component: { id: ref.component.id, title: ref.component.title, ...ref.component.values },
    item: { id: ref.item.id, ...values },
    side: ref.side,
    frame,
  };
  let body: string;
  try {
    body = templates.get(game.id, name)(context, { data });
  } catch (err) {
    throw new Error(`${where}: template ${templates.path(game.id, name)}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const vb = `${frame.x} ${frame.y} ${frame.fullW} ${frame.fullH}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.fullW}" height="${frame.fullH}" viewBox="${vb}">` +
    body.replace(/>\s+</g, "><").trim() +
    `</svg>`;
  // Images come only from the templates and data folders, checked and inlined (see image-assets.ts).
  const file = templates.path(game.id, name);
  try {
    return { svg: inlineImages(svg, file, [templates.dir, ...(game.assetRoots ?? [])]), warnings };
  } catch (err) {
    throw new Error(`${where}: template ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
