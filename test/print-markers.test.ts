/**
 * Moon markers against the moon phase sheet, measured on the rendered sheet: LT-3 lets markers
 * sit on neighbouring positions, so two markers side by side must not touch and no marker may
 * cover any position's number.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/model/load";
import { parseSvg, type SvgNode } from "../src/render/svg-parse";
import { DATA } from "./render-support";
import { printedFaces, textsOf, type PrintedText } from "./print-support";

/** Room left between two markers on neighbouring spots, so either can be picked up. */
const MIN_GAP_MM = 1;

const model = loadGame(DATA, "lunar-trick", { checkTemplates: false });
const markers = model.components.find((c) => c.id === "moon-markers")!;
const sheetItem = model.components.find((c) => c.id === "moon-phase-sheet")!.items[0] as unknown as {
  fields: { positions: number; numbers: string[]; markerSpot: number };
};
const sheet = printedFaces("lunar-trick").find((f) => f.name === "lunar-trick/moon-phase-sheet/moon-phase-sheet")!;

interface Spot {
  x: number;
  y: number;
  r: number;
}

/** The marker spots: the circles drawn with the sheet's marker-spot radius. */
function spotsOf(svg: string, r: number): Spot[] {
  const out: Spot[] = [];
  const walk = (n: SvgNode): void => {
    if (n.name === "circle" && n.attrs.has("transform") === false && Math.abs(Number(n.attrs.get("r")) - r) < 1e-6) {
      out.push({ x: Number(n.attrs.get("cx")), y: Number(n.attrs.get("cy")), r });
    }
    n.children.forEach(walk);
  };
  walk(parseSvg(svg));
  return out;
}

/** Does a disc overlap a text's glyph box? */
function covers(cx: number, cy: number, r: number, t: PrintedText): boolean {
  const nx = Math.max(t.box.x0, Math.min(cx, t.box.x1));
  const ny = Math.max(t.box.y0, Math.min(cy, t.box.y1));
  return Math.hypot(cx - nx, cy - ny) < r;
}

describe("moon markers fit the moon phase sheet (LT-3: markers may sit on neighbouring numbers)", () => {
  const diameter = markers.size.width;
  const spots = spotsOf(sheet.svg, sheetItem.fields.markerSpot);
  const numbers = textsOf(sheet).filter((t) => /^\d+\.?$/.test(t.text));

  it("the sheet prints one number and one marker spot per position, numbers in order", () => {
    const positions = sheetItem.fields.positions;
    expect(spots).toHaveLength(positions);
    expect(numbers.map((n) => n.text.replace(/\.$/, ""))).toEqual(Array.from({ length: positions }, (_, i) => String(i + 1)));
    expect(sheetItem.fields.numbers).toHaveLength(positions);
  });

  it("a marker is round and fits its spot", () => {
    expect(markers.size.height).toBe(diameter);
    expect(diameter).toBeLessThanOrEqual(2 * sheetItem.fields.markerSpot);
  });

  it("markers on neighbouring spots do not touch (30 next to 1 included)", () => {
    const gaps = spots.map((s, i) => {
      const next = spots[(i + 1) % spots.length];
      return Math.hypot(next.x - s.x, next.y - s.y) - diameter;
    });
    // Reported so a change of size shows its margin: the smallest gap between two markers.
    expect(Math.min(...gaps), `marker Ø${diameter} mm, smallest gap ${Math.min(...gaps).toFixed(2)} mm`).toBeGreaterThanOrEqual(MIN_GAP_MM);
  });

  it("no marker on any spot covers any number, so both numbers stay readable with markers side by side", () => {
    const covered: string[] = [];
    spots.forEach((s, i) => {
      for (const n of numbers) if (covers(s.x, s.y, diameter / 2, n)) covered.push(`marker on spot ${i + 1} covers ${n.text}`);
    });
    expect(covered).toEqual([]);
  });

  it("each spot sits beside its own number: the nearest number to spot k is k", () => {
    const nearest = spots.map((s) => {
      const d = numbers.map((n) => Math.hypot((n.box.x0 + n.box.x1) / 2 - s.x, (n.box.y0 + n.box.y1) / 2 - s.y));
      return numbers[d.indexOf(Math.min(...d))].text.replace(/\.$/, "");
    });
    expect(nearest).toEqual(spots.map((_, i) => String(i + 1)));
  });
});
