/**
 * The PNG encoder of the faces and page thumbnails (src/render/png-encode.mjs, node:zlib): what
 * other readers see in its files — pngjs (checks every chunk's CRC) and sharp (libvips, what the
 * TTS images are made with) read back the same pixels, and the declared resolution.
 */
import fc from "fast-check";
import { PNG } from "pngjs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodePng } from "../src/render/png-encode.mjs";

/** The chunk types of a PNG file, in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) types.push(png.toString("latin1", at + 4, at + 8));
  return types;
}

const image = (channels: 3 | 4) =>
  fc.record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 40 }) }).chain(({ width, height }) =>
    fc.uint8Array({ minLength: width * height * channels, maxLength: width * height * channels }).map((pixels) => ({ width, height, pixels })),
  );

describe("encodePng", () => {
  it("RGBA: pngjs and sharp read back the very pixels", async () => {
    await fc.assert(
      fc.asyncProperty(image(4), async ({ width, height, pixels }) => {
        const png = await encodePng(pixels, width, height, 4, { dpi: 300 });
        const read = PNG.sync.read(png);
        expect([read.width, read.height]).toEqual([width, height]);
        expect(Buffer.from(read.data).equals(Buffer.from(pixels))).toBe(true);
        const viaSharp = await sharp(png).raw().toBuffer({ resolveWithObject: true });
        expect(viaSharp.info).toMatchObject({ width, height, channels: 4 });
        expect(viaSharp.data.equals(Buffer.from(pixels))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("RGB: read back as the same pixels, with an opaque alpha where a reader adds one", async () => {
    await fc.assert(
      fc.asyncProperty(image(3), async ({ width, height, pixels }) => {
        const png = await encodePng(pixels, width, height, 3, { level: 3 });
        const viaSharp = await sharp(png).raw().toBuffer({ resolveWithObject: true });
        expect(viaSharp.info).toMatchObject({ width, height, channels: 3 });
        expect(viaSharp.data.equals(Buffer.from(pixels))).toBe(true);
        const read = PNG.sync.read(png);
        for (let i = 0; i < width * height; i++) {
          expect([...read.data.subarray(i * 4, i * 4 + 3)]).toEqual([...pixels.subarray(i * 3, i * 3 + 3)]);
          expect(read.data[i * 4 + 3]).toBe(255);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("declares the resolution in a pHYs chunk (300 dpi = 11 811 px/m, as sharp reads it) and nothing else", async () => {
    const png = await encodePng(new Uint8Array(2 * 2 * 4), 2, 2, 4, { dpi: 300 });
    expect(chunkTypes(png)).toEqual(["IHDR", "pHYs", "IDAT", "IEND"]);
    const at = png.indexOf("pHYs", 8, "latin1");
    expect([png.readUInt32BE(at + 4), png.readUInt32BE(at + 8), png[at + 12]]).toEqual([11811, 11811, 1]);
    expect((await sharp(png).metadata()).density).toBe(300);
    expect(chunkTypes(await encodePng(new Uint8Array(3), 1, 1, 3))).toEqual(["IHDR", "IDAT", "IEND"]);
  });

  it("stores rows unfiltered; a higher zlib level makes a smaller file of the same pixels", async () => {
    const width = 200;
    const height = 100;
    const pixels = new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 251));
    const fast = await encodePng(pixels, width, height, 4, { level: 1 });
    const small = await encodePng(pixels, width, height, 4, { level: 9 });
    expect(small.length).toBeLessThan(fast.length);
    expect(PNG.sync.read(fast).data.equals(PNG.sync.read(small).data)).toBe(true);
  });

  it("refuses what it cannot write, naming it", async () => {
    await expect(encodePng(new Uint8Array(4), 1, 1, 2 as 3)).rejects.toThrow(/2 channels/);
    await expect(encodePng(new Uint8Array(4), 1, 2, 4)).rejects.toThrow(/4 bytes for 1 × 2 × 4/);
    await expect(encodePng(new Uint8Array(0), 0, 0, 4)).rejects.toThrow(/0 × 0/);
  });
});
