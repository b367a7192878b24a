/**
 * What players read on the printed pieces: contrast of small text, typography (one apostrophe, a
 * true minus, 6 and 9 marked, "1 trick"), no internal ruling ids, and the Eclipsed sheets' rules
 * content checked against rules.yaml and RULINGS.md. Every check reads the faces as rendered from
 * data/ and templates/.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { loadGame } from "../src/model/load";
import { iconNames, iconSvg } from "../src/render/icons";
import { loadIcons } from "../src/model/icons";
import { ALL_FONT_FILES } from "../src/render/fonts";
import { layoutFlow } from "../src/render/flow";
import { parseSvg, type SvgNode } from "../src/render/svg-parse";
import { IDENTITY, multiply, parseTransform, type Matrix } from "../src/render/svg-geometry";
import { DATA, REPO, game } from "./render-support";
import { MM_PER_PT, backdropOf, contrastsUnder, printedFaces, textsOf, type PrintedFace, type PrintedText } from "./print-support";
import { DATA_GAMES } from "./games";

const SMALL = 10 * MM_PER_PT;
/** WCAG 2 AA: 4.5:1 for text below 18 pt, 3:1 for large text (18 pt and above). */
const LARGE = 18 * MM_PER_PT;
const WCAG_AA = 4.5;
const WCAG_AA_LARGE = 3;

const allFaces = (): PrintedFace[] => DATA_GAMES.flatMap((g) => printedFaces(g));
const allTexts = (): PrintedText[] => allFaces().flatMap((f) => textsOf(f));
const textsOfGame = (id: string): PrintedText[] => printedFaces(id).flatMap((f) => textsOf(f));

/** The share of a text's backdrop that must reach the ratio: anti-aliased edges and thin rules may not. */
const COVERED = 0.9;

function worstContrast(text: PrintedText, face: PrintedFace, backdrops: Map<string, ReturnType<typeof backdropOf>>): number {
  let b = backdrops.get(face.name);
  if (b === undefined) {
    b = backdropOf(face);
    backdrops.set(face.name, b);
  }
  const c = contrastsUnder(text, b);
  return c[Math.floor(c.length * (1 - COVERED))];
}

describe("text contrast (WCAG 2 AA: 4.5:1 below 18 pt, 3:1 above)", () => {
  it("the measurement sees a known low contrast: gold on gold tint is ~2.2:1", () => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10" viewBox="0 0 40 10"><rect width="40" height="10" fill="#f6e8c6"/>` +
      `<text x="2" y="7" font-family="Inter" font-weight="bold" font-size="3" fill="#c8962e">4 players only</text></svg>`;
    const face: PrintedFace = { name: "fixture", kind: "card", svg, viewBox: [0, 0, 40, 10] };
    const [text] = textsOf(face);
    expect(text.size).toBeLessThan(SMALL);
    expect(worstContrast(text, face, new Map())).toBeCloseTo(2.2, 1);
  });

  it.each(DATA_GAMES)("%s: every text run on every face reaches 4.5:1 (3:1 from 18 pt) against what is printed under it", (id) => {
    const backdrops = new Map<string, ReturnType<typeof backdropOf>>();
    const failures: string[] = [];
    for (const face of printedFaces(id)) {
      for (const text of textsOf(face)) {
        const need = text.size >= LARGE ? WCAG_AA_LARGE : WCAG_AA;
        const ratio = worstContrast(text, face, backdrops);
        if (ratio < need) failures.push(`${face.name}: "${text.text}" ${text.fill} at ${(text.size / MM_PER_PT).toFixed(1)} pt: ${ratio.toFixed(2)}:1`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the contrast check has text to measure: > 1000 runs across the games, > 100 of them large", () => {
    const texts = allTexts();
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter((t) => t.size >= LARGE).length).toBeGreaterThan(100);
  });
});

describe("typography of the printed text", () => {
  /** Values that reach players elsewhere: Tabletop Simulator names and descriptions. */
  const stringsOf = (id: string): string[] => {
    const strings: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === "string") strings.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
    };
    for (const c of game(id).components) walk([c.title, c.values, c.items.map((i) => i.values)]);
    // The model's components: names, descriptions and item texts become TTS names and descriptions.
    walk(loadGame(DATA, id, { checkTemplates: false }).components);
    return strings;
  };

  it.each(DATA_GAMES)("%s: no internal ruling ids (SE-3, EC-25…) or placeholder notes on any face or printed value", (id) => {
    const ruling = /\b[A-Z]{2,3}-\d+\b/; // a game's ruling ids: its initials, a number
    const bad = textsOfGame(id).filter((t) => ruling.test(t.text) || /placeholder/i.test(t.text));
    expect(bad.map((t) => `${t.face}: ${t.text}`)).toEqual([]);
    const strings = stringsOf(id);
    expect(strings.filter((s) => ruling.test(s) || /placeholder/i.test(s))).toEqual([]);
    expect(strings.filter((s) => s.includes("'"))).toEqual([]);
  });

  it("the printed values checked for ruling ids are there (> 500 strings across the games)", () => {
    expect(DATA_GAMES.reduce((n, id) => n + stringsOf(id).length, 0)).toBeGreaterThan(500);
  });

  it.each(DATA_GAMES)("%s: one apostrophe (’), a true minus (−) and Light/Dark capitalised", (id) => {
    const texts = textsOfGame(id);
    expect(texts.filter((t) => t.text.includes("'")).map((t) => `${t.face}: ${t.text}`)).toEqual([]);
    expect(texts.filter((t) => /(^|[\s(])[-–]\d/.test(t.text)).map((t) => `${t.face}: ${t.text}`)).toEqual([]);
    expect(texts.filter((t) => /\b(light|dark)\b/.test(t.text)).map((t) => `${t.face}: ${t.text}`)).toEqual([]);
  });

  it("the minus is there to be found: deadwood costs and the meter's Dark side print it", () => {
    expect(allTexts().some((t) => /−\d/.test(t.text))).toBe(true);
  });

  /** Every lone 6 or 9 on a face read from any side (reference sheets are read upright), marked (6. / 9. or underlined) or not. */
  const sixesAndNines = (id: string): { marked: number; unmarked: string[] } => {
    let marked = 0;
    const unmarked: string[] = [];
    for (const face of printedFaces(id).filter((f) => f.kind !== "sheet")) {
      const lines = linesOf(face);
      for (const t of textsOf(face)) {
        if (/^[69]\.$/.test(t.text)) marked++;
        if (!/^[69]$/.test(t.text)) continue;
        // An underline: a line in the text's own coordinates, just under its baseline, under its glyph.
        const under = lines.some(
          (l) => sameMatrix(l.matrix, t.matrix) && l.y1 === l.y2 && l.y1 > t.y && l.y1 < t.y + t.size * 0.35 && Math.min(l.x1, l.x2) < t.x + t.width && Math.max(l.x1, l.x2) > t.x,
        );
        if (under) marked++;
        else unmarked.push(`${t.face}: ${t.text}`);
      }
    }
    return { marked, unmarked };
  };

  it.each(DATA_GAMES)("%s: a lone 6 or 9 is marked (6. / 9. or underlined), so it reads the same from any side", (id) => {
    expect(sixesAndNines(id).unmarked).toEqual([]);
  });

  it("the 6-or-9 check finds marked numbers (> 20 across the games)", () => {
    expect(DATA_GAMES.reduce((n, id) => n + sixesAndNines(id).marked, 0)).toBeGreaterThan(20);
  });

  /** Every number printed above "trick(s)" or "point(s)", and those that disagree with it. */
  const unitPairs = (id: string): { pairs: number; wrong: string[] } => {
    const wrong: string[] = [];
    let pairs = 0;
    for (const face of printedFaces(id)) {
      const texts = textsOf(face);
      for (const unit of texts.filter((t) => /^(tricks?|points?)$/.test(t.text))) {
        const above = texts
          .filter((n) => /^\d+\.?$/.test(n.text) && sameMatrix(n.matrix, unit.matrix) && n.y < unit.y && unit.y - n.y < n.size * 1.5 && Math.abs(n.x + n.width / 2 - (unit.x + unit.width / 2)) < 3)
          .sort((a, b) => b.y - a.y)[0];
        if (above === undefined) continue;
        pairs++;
        const one = parseInt(above.text, 10) === 1;
        if (one !== !unit.text.endsWith("s")) wrong.push(`${face.name}: ${above.text} ${unit.text}`);
      }
    }
    return { pairs, wrong };
  };

  it.each(DATA_GAMES)('%s: a number above "trick(s)" or "point(s)" agrees with it: 1 trick, 2 tricks', (id) => {
    expect(unitPairs(id).wrong).toEqual([]);
  });

  it('the "1 trick" check finds numbers with units (> 30 across the games)', () => {
    expect(DATA_GAMES.reduce((n, id) => n + unitPairs(id).pairs, 0)).toBeGreaterThan(30);
  });
});

describe("reference sheet tables", () => {
  /** Every table of two or more columns on the game's sheets, and those whose row labels wrap. */
  const tablesOf = (id: string): { tables: number; wrapped: string[] } => {
    // The page body of templates/partials/sheet-frame.hbs: 160 × 207 mm in two columns, type 3.7 mm shrinking to fit.
    const colours = { color: "#000000", accent: "#000000", rule: "#000000", shade: "#ffffff", iconColors: {} };
    const page = { x: 10, y: 33, w: 160, h: 207, columns: 2, size: 3.7, minSize: 2, ...colours };
    const wrapped: string[] = [];
    let tables = 0;
    for (const item of loadGame(DATA, id, { checkTemplates: false }).components.flatMap((c) => c.items)) {
      if (item.sections.length === 0) continue;
      // Each table again, alone in one column at the size the whole page was set in.
      const size = layoutFlow(item.sections, page).size;
      const column = { x: 0, y: 0, w: (page.w - 6) / 2, h: 1000, columns: 1, size, minSize: size, ...colours };
      for (const section of item.sections.filter((s) => s.table !== undefined && s.table.rows.length > 0)) {
        const table = section.table!;
        if ((table.headers?.length ?? 0) < 2) continue;
        tables++;
        const svg = layoutFlow([{ table }], column).svg;
        const texts = [...svg.matchAll(/<text x="([^"]+)" y="([^"]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3] }));
        // The header row names the columns: the second header's x is where the labels end.
        const headerY = Math.min(...texts.map((t) => t.y));
        const valueX = texts.filter((t) => t.y === headerY).map((t) => t.x).sort((a, b) => a - b)[1];
        const labels = texts.filter((t) => t.x < valueX);
        const lines = new Set(labels.map((t) => t.y)).size;
        const rows = table.rows.length + 1;
        if (lines !== rows) wrapped.push(`${id} ${section.heading}: ${labels.map((t) => t.text).join(" / ")}`);
      }
    }
    return { tables, wrapped };
  };

  it.each(DATA_GAMES)('%s: row labels (first column) never wrap ("Warden / (13)")', (id) => {
    expect(tablesOf(id).wrapped).toEqual([]);
  });

  it("the table check finds tables (> 10 across the games)", () => {
    expect(DATA_GAMES.reduce((n, id) => n + tablesOf(id).tables, 0)).toBeGreaterThan(10);
  });
});

describe("Eclipsed reference sheets say what the rules say", () => {
  const model = loadGame(DATA, "eclipsed", { checkTemplates: false });
  const rules = model.rules as {
    handSize: number;
    suits: { id: string; controls: string }[];
    edicts: { suit: string; rows: { label: string; effect: string; from: number }[] }[];
  };
  const sheets = printedFaces("eclipsed").filter((f) => f.name.startsWith("eclipsed/reference/"));
  const sheetText = sheets.map((f) => textsOf(f).map((t) => t.text).join(" ")).join(" ");
  const sections = model.components.find((c) => c.id === "reference")!.items.flatMap((i) => (i as unknown as { sections: { heading: string; text?: string; bullets?: string[] }[] }).sections);
  const prose = (heading: string): string => {
    const s = sections.find((x) => x.heading === heading);
    return [s?.text ?? "", ...(s?.bullets ?? [])].join(" ");
  };

  it("round setup: deal the hand size, flip the fate Edict, seed the discard pile", () => {
    const setup = prose("Round setup");
    expect(setup).toContain(`deal ${rules.handSize} to each player`);
    expect(setup).toMatch(/fate Edict/);
    expect(setup).toMatch(/start the discard pile/);
  });

  it("EC-20: hold-back is explained (lowest cards, tie order, not meldable, may be discarded, deadwood)", () => {
    const setup = prose("Round setup");
    for (const words of ["Hold-back", "lowest cards", "Traveler = 1", "☀, then ⚡, ◉, ❄", "cannot be melded", "may be discarded", "deadwood"]) expect(setup).toContain(words);
  });

  it("EC-26, EC-32: an empty draw pile ends the round, discard pile or not, without the going-out bonus", () => {
    const end = prose("Empty draw pile");
    for (const words of ["round ends", "even if you could take the discard", "going-out bonus", "every player takes deadwood"]) expect(end).toContain(words);
  });

  it("EC-4: combining Edicts of one suit, in players' words, one line per suit", () => {
    const section = sections.find((s) => s.heading === "Two Edicts of one suit");
    expect(section?.bullets?.map((b) => b.slice(0, 1))).toEqual(["☀", "⚡", "◉", "❄"]);
    expect(sheetText).not.toMatch(/EC-4/);
  });

  it("EC-8: the Solar bonus is per meld, never per card", () => {
    expect(sheetText).not.toMatch(/\/card\)/);
    expect(rules.suits.find((s) => s.id === "solar")?.controls).toMatch(/per meld/);
  });

  it("EC-11: ◉Scout has one wording on the card, the sheet and in docs", () => {
    const effect = rules.edicts.find((e) => e.suit === "void")!.rows.find((r) => r.from === 11)!.effect;
    expect(effect).toMatch(/^Every player’s top meld −6/);
    const card = printedFaces("eclipsed").find((f) => f.name === "eclipsed/cards/void-11")!;
    expect(textsOf(card).map((t) => t.text).join(" ")).toContain(effect.split(" ").slice(0, 4).join(" "));
    const deck = model.components.find((c) => c.id === "cards")!.items.find((i) => i.id === "void-11") as unknown as { text: string };
    expect(deck.text).toContain(`Edict (fate only): ${effect}.`);
    expect(sheetText).toContain(effect.split(" ").slice(0, 4).join(" "));
    expect(readFileSync(join(REPO, "docs/rules/eclipsed.md"), "utf8")).toContain(effect);
  });

  it("the meter track prints each position's number with a true minus, in track order", () => {
    const track = (model.rules as { meter: { track: { position: number }[] } }).meter.track;
    const item = model.components.find((c) => c.id === "meter-track")!.items[0] as unknown as { fields: { numbers: string[] } };
    expect(item.fields.numbers).toEqual(track.map((p) => (p.position < 0 ? `−${-p.position}` : p.position > 0 ? `+${p.position}` : "0")));
  });
});

describe("pieces drawn inside their outlines", () => {
  it("the Lunar Eclipse shadow stays inside its ring", () => {
    const size = 100;
    // The ring: radius 0.92 of the icon's half size, stroke 0.12 → outer edge 0.98.
    const ringOuter = (0.98 * size) / 2;
    const icons = loadIcons(join(DATA, "lunar-trick"), DATA).icons;
    const far = (name: string): number => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size * 1.5}" height="${size * 1.5}"><rect width="${size * 1.5}" height="${size * 1.5}" fill="#ffffff"/>${iconSvg(icons, name, size * 0.75, size * 0.75, size, "#ffffff")}</svg>`;
      const img = new Resvg(svg, { font: { fontFiles: ALL_FONT_FILES, loadSystemFonts: false } }).render();
      const px = img.pixels;
      let out = 0;
      for (let y = 0; y < img.height; y++) {
        for (let x = 0; x < img.width; x++) {
          const i = (y * img.width + x) * 4;
          if (px[i] < 250) out = Math.max(out, Math.hypot(x + 0.5 - size * 0.75, y + 0.5 - size * 0.75));
        }
      }
      return out;
    };
    // Drawn in white on white, only the (black, translucent) shadow shows: it must stay inside the ring.
    expect(iconNames(icons)).toContain("lunar-eclipse");
    const shadow = far("lunar-eclipse");
    expect(shadow).toBeGreaterThan(size * 0.3);
    expect(shadow).toBeLessThanOrEqual(ringOuter - 0.06 * size + 1);
  });

  it("the trump status card's header band stays inside its frame (the frame is not cut)", () => {
    const cards = printedFaces("lunar-trick").filter((f) => f.name.startsWith("lunar-trick/trump-status/"));
    expect(cards.length).toBeGreaterThan(0);
    for (const face of cards) {
      const b = backdropOf(face, 10);
      const colourAt = (xMm: number, yMm: number): string => {
        const i = (Math.round((yMm - b.viewBox[1]) * b.scale) * b.width + Math.round((xMm - b.viewBox[0]) * b.scale)) * 4;
        return [0, 1, 2].map((k) => b.pixels[i + k].toString(16).padStart(2, "0")).join("");
      };
      // Between the trim and the frame, beside the band: the card's background, as at the bottom.
      for (const [x, y] of [[1.5, 15], [62, 15], [31.75, 1.5]]) expect(colourAt(x, y), `${face.name} at ${x},${y}`).toBe(colourAt(1.5, 80));
    }
  });
});

interface PrintedLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  matrix: Matrix;
}

function linesOf(face: PrintedFace): PrintedLine[] {
  const out: PrintedLine[] = [];
  const walk = (n: SvgNode, parent: Matrix): void => {
    const own = n.attrs.get("transform");
    const m = own === undefined ? parent : multiply(parent, parseTransform(own));
    if (n.name === "line") {
      const v = (k: string): number => Number(n.attrs.get(k) ?? 0);
      out.push({ x1: v("x1"), y1: v("y1"), x2: v("x2"), y2: v("y2"), matrix: m });
    }
    for (const c of n.children) walk(c, m);
  };
  walk(parseSvg(face.svg), IDENTITY);
  return out;
}

const sameMatrix = (a: Matrix, b: Matrix): boolean => a.every((v, i) => Math.abs(v - b[i]) < 1e-9);
