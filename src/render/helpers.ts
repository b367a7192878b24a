/**
 * Handlebars helpers: presentation only (place an icon, fit text into a box, lay items around a
 * circle). Everything a helper computes is geometry; what to show comes from the data.
 */
import type { HelperOptions } from "handlebars";
import { iconSvg, moonPhaseSvg, type IconSet } from "./icons";
import { GENERIC_ICONS } from "../model/icons";
import { layoutText } from "./text";
import { gameFaceFor, isFontStyle, type GameFont } from "./fonts";
import { layoutFlow, type FlowSection } from "./flow";
import type { Warning } from "./types";
import { artMarker, isArtFit, parseBox } from "./card-art";
import { MAX_FACE_REPEATS, MAX_REPEAT } from "../model/limits";

export interface RenderData {
  where: string;
  warnings: Warning[];
  iconColors: Record<string, string>;
  /** The game's icons (default: only the generic ones). */
  icons?: IconSet;
  /** The game's own fonts, for the text helper's font="<family>". */
  fonts?: GameFont[];
  /** A spreadsheet deck's card: the cell a printed value comes from ("cards.csv:14:6 (column \"Rules Text\")"), by the text's label or its value. */
  cell?: (label: string, value: string) => string | undefined;
  /** Blocks the repeating helpers of this face have drawn so far, nested ones included. */
  repeats?: { drawn: number };
}

/** Most pieces a repeating helper draws: past it a data value is a mistake, not a design. */
export { MAX_REPEAT };

/** A count for a repeating helper: a whole number 0..MAX_REPEAT, else a located template error. */
const count = (v: unknown, name: string, helper: string): number => {
  const n = Math.max(0, Math.floor(num(v, name, helper)));
  if (n > MAX_REPEAT) throw new Error(`helper ${helper}: "${name}" is ${n}, more than the ${MAX_REPEAT} pieces a helper draws; check the data value it is given`);
  return n;
};

/**
 * The entries a block helper repeats over: a list, or 1..n for a number; either way at most
 * MAX_REPEAT, checked before any is drawn (a cell of 50000000 must not build for minutes).
 */
function repeated(list: unknown, helper: string, options: HelperOptions): unknown[] {
  let entries: unknown[] = [];
  if (Array.isArray(list)) {
    if (list.length > MAX_REPEAT) throw new Error(`helper ${helper}: the list has ${list.length} entries, more than the ${MAX_REPEAT} pieces a helper draws; check the data value it is given`);
    entries = list;
  } else if (typeof list === "number") {
    const n = count(list, "list", helper);
    entries = Array.from({ length: n }, (_, i) => i + 1);
  }
  // Nested blocks multiply: five {{#around 100}} inside each other are 10¹⁰ blocks, never drawn.
  const repeats = (options.data as RenderData | undefined)?.repeats;
  if (repeats !== undefined) {
    repeats.drawn += entries.length;
    if (repeats.drawn > MAX_FACE_REPEATS) throw new Error(`helper ${helper}: the repeating helpers of this face draw more than ${MAX_FACE_REPEATS} blocks together ({{#around}} and {{#across}} inside each other multiply); nest fewer, or repeat over shorter lists`);
  }
  return entries;
}

const num = (v: unknown, name: string, helper: string): number => {
  const n = typeof v === "string" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isFinite(n)) throw new Error(`helper ${helper}: "${name}" must be a number, got ${JSON.stringify(v)}`);
  return n;
};

function renderData(options: HelperOptions): RenderData {
  return options.data as RenderData;
}

/** The game's icons, from Handlebars' options (the last argument of every helper call). */
function iconsOf(args: unknown[]): IconSet {
  const options = args[args.length - 1] as Partial<HelperOptions> | undefined;
  return (options?.data as RenderData | undefined)?.icons ?? GENERIC_ICONS;
}

export const HELPERS: Record<string, (...args: any[]) => unknown> = {
  /** {{{icon "sun" cx cy size color}}} */
  icon(name: unknown, cx: unknown, cy: unknown, size: unknown, color: unknown, ...rest: unknown[]) {
    if (typeof name !== "string" || name === "") return "";
    return iconSvg(iconsOf([cx, cy, size, color, ...rest]), name, num(cx, "cx", "icon"), num(cy, "cy", "icon"), num(size, "size", "icon"), typeof color === "string" ? color : "#000000");
  },

  /** {{{text value x y w h size=4 min=2.5 style="bold" font="Family" color="#000" align="middle" valign="middle" lh=1.2}}} */
  text(value: unknown, x: unknown, y: unknown, w: unknown, h: unknown, options: HelperOptions) {
    if (value === undefined || value === null || value === "") return "";
    const o = options.hash as Record<string, unknown>;
    const data = renderData(options);
    const bundled = isFontStyle(o.style) ? o.style : "regular";
    // font="<family>": one of the game's own fonts (game.yaml fonts:), in the face nearest the style.
    const style = typeof o.font === "string" && o.font !== "" ? gameFaceFor(data.fonts ?? [], o.font, bundled) : bundled;
    const label = typeof o.label === "string" ? o.label : "text";
    const result = layoutText(String(value), { x: num(x, "x", "text"), y: num(y, "y", "text"), w: num(w, "w", "text"), h: num(h, "h", "text") }, {
      size: num(o.size ?? 4, "size", "text"),
      minSize: o.min === undefined ? undefined : num(o.min, "min", "text"),
      style,
      color: typeof o.color === "string" ? o.color : undefined,
      align: o.align === "middle" || o.align === "end" ? o.align : "start",
      valign: o.valign === "middle" || o.valign === "bottom" ? o.valign : "top",
      lineHeight: o.lh === undefined ? undefined : num(o.lh, "lh", "text"),
      iconColors: data.iconColors,
      icons: data.icons,
    });
    if (result.missing.length > 0) {
      data.warnings.push({ where: data.where, message: `${label}: ${typeof o.font === "string" && o.font !== "" ? `font "${o.font}"` : "the bundled font"} has no glyph for ${result.missing.map((c) => JSON.stringify(c)).join(" ")} (use an :icon: token or another character)` });
    }
    if (result.overflow) {
      const cell = data.cell?.(label, String(value));
      data.warnings.push({ where: data.where, kind: "overflow", message: `${cell === undefined ? "" : `${cell}: `}${label} "${String(value).slice(0, 40)}" overflows its ${num(w, "w", "text")}×${num(h, "h", "text")} mm box even at ${result.size.toFixed(1)} mm type` });
    }
    return result.svg;
  },

  /** {{{moonPhase position cx cy r lit dark outline}}}: position 0..1 through the cycle. */
  moonPhase(position: unknown, cx: unknown, cy: unknown, r: unknown, lit: unknown, dark: unknown, outline: unknown) {
    return moonPhaseSvg(num(position, "position", "moonPhase"), num(cx, "cx", "moonPhase"), num(cy, "cy", "moonPhase"), num(r, "r", "moonPhase"), String(lit), String(dark), String(outline));
  },

  /** {{div a b}} for a value's position in a cycle, e.g. {{moonPhase (div item.number 30) …}} */
  div(a: unknown, b: unknown) {
    return num(a, "a", "div") / num(b, "b", "div");
  },

  /** {{concat a "–" b}}: joins values into one string (e.g. a range label). */
  concat(...args: unknown[]) {
    return args.slice(0, -1).map((a) => (a === undefined || a === null ? "" : String(a))).join("");
  },

  /**
   * {{{pips n icon x y w h size color}}}: n icons spread over a box in rows (1 column up to 3,
   * 2 columns up to 8, 3 beyond), each row centred — the pips of a number card.
   */
  pips(n: unknown, icon: unknown, x: unknown, y: unknown, w: unknown, h: unknown, size: unknown, color: unknown, ...rest: unknown[]) {
    const pipCount = count(n, "n", "pips");
    if (pipCount === 0 || typeof icon !== "string") return "";
    const cols = pipCount <= 3 ? 1 : pipCount <= 8 ? 2 : 3;
    const rows = Math.ceil(pipCount / cols);
    const bx = num(x, "x", "pips");
    const by = num(y, "y", "pips");
    const bw = num(w, "w", "pips");
    const bh = num(h, "h", "pips");
    const s = num(size, "size", "pips");
    // Full rows, minus the shortfall taken from the middle rows outwards (5 → 2,1,2).
    const sizes = Array.from({ length: rows }, () => cols);
    let missing = rows * cols - pipCount;
    const order = Array.from({ length: rows }, (_, i) => i).sort((a, b) => Math.abs(a - (rows - 1) / 2) - Math.abs(b - (rows - 1) / 2));
    for (let k = 0; missing > 0; k = (k + 1) % rows) {
      if (sizes[order[k]] > 1) {
        sizes[order[k]] -= 1;
        missing -= 1;
      }
    }
    const icons = iconsOf([color, ...rest]);
    let out = "";
    sizes.forEach((inRow, r) => {
      const cy = rows === 1 ? by + bh / 2 : by + s / 2 + ((bh - s) * r) / (rows - 1);
      for (let c = 0; c < inRow; c++) out += iconSvg(icons, icon, bx + (bw * (c + 0.5)) / inRow, cy, s, String(color));
    });
    return out;
  },

  /**
   * {{#across list x w}}…{{/across}}: equal cells side by side; the block sees value, index,
   * x (cell left), cx (cell centre) and w (cell width), plus the entry's own fields.
   */
  across(list: unknown, x: unknown, w: unknown, options: HelperOptions) {
    const entries = repeated(list, "across", options);
    const x0 = num(x, "x", "across");
    const cw = num(w, "w", "across") / Math.max(1, entries.length);
    return entries
      .map((value, i) =>
        options.fn(
          { ...(typeof value === "object" && value !== null ? (value as object) : {}), value, index: i, x: +(x0 + i * cw).toFixed(3), cx: +(x0 + (i + 0.5) * cw).toFixed(3), w: +cw.toFixed(3) },
          { data: options.data },
        ),
      )
      .join("");
  },

  /**
   * {{{image item.image x y w h fit="cover" crop="x y w h"}}}: card art (PNG, JPEG or SVG) in a box.
   * cover fills the box and crops, contain fits inside it, stretch distorts; crop picks a part of
   * the picture in its own units (pixels, or the SVG's viewBox). No path, nothing drawn.
   */
  image(path: unknown, x: unknown, y: unknown, w: unknown, h: unknown, options: HelperOptions) {
    if (path === undefined || path === null || path === "") return "";
    if (typeof path !== "string") throw new Error(`helper image: the path must be a string, got ${JSON.stringify(path)}`);
    const o = options.hash as Record<string, unknown>;
    const fit = o.fit ?? "cover";
    if (!isArtFit(fit)) throw new Error(`helper image: fit must be "cover", "contain" or "stretch", got ${JSON.stringify(fit)}`);
    const box = { x: num(x, "x", "image"), y: num(y, "y", "image"), w: num(w, "w", "image"), h: num(h, "h", "image") };
    if (box.w <= 0 || box.h <= 0) throw new Error(`helper image: the box must have a positive width and height, got ${box.w}×${box.h}`);
    let crop;
    if (o.crop !== undefined) {
      crop = parseBox(String(o.crop));
      if (crop === undefined) throw new Error(`helper image: crop must be "x y width height" with a positive size, got ${JSON.stringify(o.crop)}`);
    }
    return artMarker({ href: path, box, fit, crop });
  },

  /** {{add a b}}, {{sub a b}}, {{mul a b}}: offsets inside layouts (e.g. a label box around a computed point). */
  add(a: unknown, b: unknown) {
    return +(num(a, "a", "add") + num(b, "b", "add")).toFixed(4);
  },
  sub(a: unknown, b: unknown) {
    return +(num(a, "a", "sub") - num(b, "b", "sub")).toFixed(4);
  },
  mul(a: unknown, b: unknown) {
    return +(num(a, "a", "mul") * num(b, "b", "mul")).toFixed(4);
  },

  /** {{{players n cx cy size color}}}: n figures in a row centred on cx. */
  players(n: unknown, cx: unknown, cy: unknown, size: unknown, color: unknown, ...rest: unknown[]) {
    const people = count(n, "n", "players");
    const s = num(size, "size", "players");
    const step = s * 0.8;
    const x0 = num(cx, "cx", "players") - ((people - 1) * step) / 2;
    const icons = iconsOf([color, ...rest]);
    let out = "";
    for (let i = 0; i < people; i++) out += iconSvg(icons, "person", x0 + i * step, num(cy, "cy", "players"), s * 0.75, String(color));
    return out;
  },

  /**
   * {{#around list cx cy r start=-90 span=360}}…{{/around}}: each entry (or 1..list when a number)
   * with x, y, angle (deg), rotate (deg, tangent-up) and value in the block's context.
   */
  around(list: unknown, cx: unknown, cy: unknown, r: unknown, options: HelperOptions) {
    const entries = repeated(list, "around", options);
    const o = options.hash as Record<string, unknown>;
    const start = o.start === undefined ? -90 : num(o.start, "start", "around");
    const span = o.span === undefined ? 360 : num(o.span, "span", "around");
    const offset = o.offset === undefined ? 0.5 : num(o.offset, "offset", "around");
    const c = [num(cx, "cx", "around"), num(cy, "cy", "around")];
    const rad = num(r, "r", "around");
    return entries
      .map((value, i) => {
        const angle = start + (span * (i + offset)) / entries.length;
        const a = (angle * Math.PI) / 180;
        const edge = start + (span * i) / entries.length;
        const e = (edge * Math.PI) / 180;
        const ctx = {
          value,
          index: i,
          x: +(c[0] + rad * Math.cos(a)).toFixed(3),
          y: +(c[1] + rad * Math.sin(a)).toFixed(3),
          angle: +angle.toFixed(3),
          rotate: +(angle + 90).toFixed(3),
          edgeX: +(c[0] + rad * Math.cos(e)).toFixed(3),
          edgeY: +(c[1] + rad * Math.sin(e)).toFixed(3),
          ...(typeof value === "object" && value !== null ? (value as object) : {}),
        };
        return options.fn(ctx, { data: options.data });
      })
      .join("");
  },

  /** {{{flow sections x y w h columns=2 size=3.2 font="Family" color="#222" accent="#444"}}}: a reference-sheet body. */
  flow(sections: unknown, x: unknown, y: unknown, w: unknown, h: unknown, options: HelperOptions) {
    const o = options.hash as Record<string, unknown>;
    const data = renderData(options);
    const result = layoutFlow((Array.isArray(sections) ? sections : []) as FlowSection[], {
      x: num(x, "x", "flow"),
      y: num(y, "y", "flow"),
      w: num(w, "w", "flow"),
      h: num(h, "h", "flow"),
      columns: o.columns === undefined ? 1 : num(o.columns, "columns", "flow"),
      size: o.size === undefined ? 3.2 : num(o.size, "size", "flow"),
      minSize: o.min === undefined ? 2 : num(o.min, "min", "flow"),
      color: typeof o.color === "string" ? o.color : "#1a1a1a",
      accent: typeof o.accent === "string" ? o.accent : "#333333",
      rule: typeof o.rule === "string" ? o.rule : "#bbbbbb",
      shade: typeof o.shade === "string" ? o.shade : "#eeeeee",
      iconColors: data.iconColors,
      icons: data.icons,
      // font="<family>": the game's own font for the whole body, each style in its nearest face.
      faceOf: typeof o.font === "string" && o.font !== "" ? (style) => gameFaceFor(data.fonts ?? [], o.font as string, style) : undefined,
    });
    if (result.overflow) data.warnings.push({ where: data.where, kind: "overflow", message: `reference text does not fit the page even at ${result.size.toFixed(2)} mm type` });
    if (result.missing.length > 0) {
      data.warnings.push({ where: data.where, message: `reference text: the bundled font has no glyph for ${result.missing.map((c) => JSON.stringify(c)).join(" ")}` });
    }
    return result.svg;
  },
};
