/**
 * Vector icons (never font glyphs, so they print identically everywhere). The drawings come from
 * the game's data (data/<game>/icons/*.svg, see src/model/icons.ts); this module only places one:
 * the file's viewBox is fitted into a square of the given size centred on a point, and
 * `currentColor` becomes the colour it is drawn in. Also `moonPhaseSvg`, a computed drawing.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { formatDiagnostic } from "../model/diagnostics";
import { GENERIC_ICONS, loadIcons, type Icon, type IconSet } from "../model/icons";
import { didYouMean } from "../model/suggest";

export type { Icon, IconSet };

const f = (n: number): string => (Math.round(n * 1000) / 1000).toString();

const attr = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

export function hasIcon(icons: IconSet, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(icons, name);
}

export function iconNames(icons: IconSet): string[] {
  return Object.keys(icons).sort();
}

/** Characters that stand for an icon in text (an icon file's `data-glyphs`) → icon name. */
export function glyphIcons(icons: IconSet): Map<string, string> {
  const out = new Map<string, string>();
  for (const icon of Object.values(icons)) for (const g of icon.glyphs) out.set(g, icon.name);
  return out;
}

/** An icon centred on (cx, cy), its viewBox's longer side scaled to `size`, drawn in `color`. */
export function iconSvg(icons: IconSet, name: string, cx: number, cy: number, size: number, color: string): string {
  const icon: Icon | undefined = hasIcon(icons, name) ? icons[name] : undefined;
  if (icon === undefined) {
    const known = iconNames(icons);
    throw new Error(`unknown icon "${name}"${didYouMean(name, known) || ` (known: ${known.join(", ")})`}; add data/<game>/icons/${name}.svg or use a known name`);
  }
  const [vx, vy, vw, vh] = icon.viewBox;
  const ox = vx + vw / 2;
  const oy = vy + vh / 2;
  const centre = ox === 0 && oy === 0 ? "" : ` translate(${f(-ox)} ${f(-oy)})`;
  const paint = attr(color);
  const uses = /currentcolor/i;
  // An icon that names no colour of its own takes the colour as its fill.
  const fill = uses.test(icon.body) || uses.test(icon.rootAttrs) ? "" : ` fill="${paint}"`;
  const recolour = (s: string): string => s.replace(/currentcolor/gi, paint);
  const body = icon.rootAttrs === "" ? recolour(icon.body) : `<g${recolour(icon.rootAttrs)}>${recolour(icon.body)}</g>`;
  return `<g transform="translate(${f(cx)} ${f(cy)}) scale(${f(size / Math.max(vw, vh))})${centre}"${fill}>${body}</g>`;
}

const bySetFolder = new Map<string, IconSet>();

/**
 * The icons of a game rendered without a data model (tests, tools given only a templates folder):
 * those in data/<game>/icons next to the templates folder, as `defaultTemplatesDir` pairs them.
 */
export function iconsBesideTemplates(templatesDir: string, gameId: string): IconSet {
  const dataDir = join(dirname(templatesDir), "data");
  const key = `${dataDir}\0${gameId}`;
  let set = bySetFolder.get(key);
  if (set === undefined) {
    let present = false;
    try {
      present = readdirSync(dataDir).includes(gameId);
    } catch {
      present = false;
    }
    if (!present) set = GENERIC_ICONS;
    else {
      const r = loadIcons(join(dataDir, gameId), dataDir);
      if (r.diagnostics.length > 0) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
      set = r.icons;
    }
    bySetFolder.set(key, set);
  }
  return set;
}

/**
 * A moon at `position` of its cycle (0 = new, 0.5 = full, 1 = new again), lit from the right while
 * waxing and from the left while waning. Lit part in `lit`, the shadow in `dark`.
 */
export function moonPhaseSvg(position: number, cx: number, cy: number, r: number, lit: string, dark: string, outline: string): string {
  const p = ((position % 1) + 1) % 1;
  const illum = (1 - Math.cos(2 * Math.PI * p)) / 2; // 0 new .. 1 full
  const waxing = p <= 0.5;
  const top = `${f(cx)} ${f(cy - r)}`;
  const bottom = `${f(cx)} ${f(cy + r)}`;
  // Lit limb: the half-circle on the lit side; terminator: an ellipse arc with x-radius |1-2·illum|·r.
  const rx = Math.abs(1 - 2 * illum) * r;
  const limbSweep = waxing ? 1 : 0;
  // The terminator bulges towards the lit side when less than half lit, towards the dark side when more.
  const termSweep = illum < 0.5 ? (waxing ? 0 : 1) : waxing ? 1 : 0;
  const lit_ = `M${top}A${f(r)} ${f(r)} 0 0 ${limbSweep} ${bottom}A${f(rx)} ${f(r)} 0 0 ${termSweep} ${top}Z`;
  const body = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${dark}"/>`;
  const light = illum < 0.001 ? "" : illum > 0.999 ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${lit}"/>` : `<path d="${lit_}" fill="${lit}"/>`;
  const ring = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${outline}" stroke-width="${f(r * 0.06)}"/>`;
  return body + light + ring;
}
