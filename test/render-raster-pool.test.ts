/**
 * Issue 9: faces are rasterised on raster threads (src/render/raster-pool.ts), which free each
 * face's pixels right after encoding it. Their PNGs must be exactly `svgToPng`'s.
 */
import { describe, expect, it } from "vitest";
import { renderSides } from "../src/render/build";
import { svgToPng } from "../src/render/png";
import { RasterPool } from "../src/render/raster-pool";
import { BLEED_MM } from "../src/render/types";
import { game, pngSize, subset, templates } from "./render-support";

describe("raster pool", () => {
  it("gives svgToPng's bytes for cards and sheets, several faces at once", async () => {
    const sides = renderSides(subset(game("lunar-trick"), 2), templates()).sides;
    const picked = [sides[0], sides[1], sides.find((s) => s.component.kind === "sheet")!];
    const pool = new RasterPool(2);
    try {
      const fromPool = await Promise.all(picked.map((s) => pool.png(s.svg, s.component.width + 2 * BLEED_MM)));
      // Faces asked for together while the first worker was starting went to both workers.
      expect(pool.started).toBe(2);
      for (const [i, s] of picked.entries()) {
        const here = await svgToPng(s.svg, s.component.width + 2 * BLEED_MM);
        expect(fromPool[i].equals(here)).toBe(true);
      }
      expect(pngSize(fromPool[0])).toEqual({ width: 825, height: 1125 });
    } finally {
      await pool.close();
    }
  });

  it("reports an SVG resvg cannot read as an error of that call, and keeps working", async () => {
    const pool = new RasterPool(1);
    try {
      await expect(pool.png("<svg not closed", 10)).rejects.toThrow();
      const ok = await pool.png('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>', 10);
      expect(pngSize(ok)).toEqual({ width: 118, height: 118 });
    } finally {
      await pool.close();
    }
  });
});
