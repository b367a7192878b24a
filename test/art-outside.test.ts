/**
 * Art the `image` helper places wholly outside the face (a template drawn for a bigger piece, as
 * the property test's 6 × 6 mm dividers found) is checked like any art, then left out: it cannot
 * show, and resvg 2.6 panics — aborting the whole process — on such a clipped viewport.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { inlineImages } from "../src/model/image-assets";
import { artMarker } from "../src/render/card-art";

const dir = mkdtempSync(join(tmpdir(), "syzygy-art-outside-"));
writeFileSync(join(dir, "emblem.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#123"/></svg>`);
const template = join(dir, "back.svg.hbs");
const face = (box: { x: number; y: number; w: number; h: number }, href = "emblem.svg") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 6 6" width="6" height="6"><rect width="6" height="6" fill="#fff"/>${artMarker({ href, box, fit: "contain" })}</svg>`;

describe("art placed outside the face", () => {
  it("is left out of the checked document, which then renders", () => {
    const out = inlineImages(face({ x: 16.75, y: 29.45, w: 30, h: 30 }), template, [dir]);
    expect(out).not.toContain("<circle");
    const png = new Resvg(out, { fitTo: { mode: "width", value: 60 }, font: { loadSystemFonts: false } }).render();
    expect(png.width).toBe(60);
  });

  it("is still drawn where it overlaps the face, even in part", () => {
    expect(inlineImages(face({ x: 4, y: 4, w: 10, h: 10 }), template, [dir])).toContain("<circle");
  });

  it("is still checked: a picture from outside the game's folders is an error even when it would not show", () => {
    expect(() => inlineImages(face({ x: 50, y: 50, w: 5, h: 5 }, "/etc/passwd"), template, [dir])).toThrow(/passwd/);
  });
});
