/**
 * The save builder's image pipeline (issue 28): card sizes read from the PNG header instead of a
 * libvips header parse per card, the same image asked for twice at once made once, and sheets
 * composed from those sizes exactly as from sharp's.
 */
import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ihdrSize, imageSize } from "../../src/tts/png-size";
import { cachedImage, imageCacheStats, imageDigest } from "../../src/tts/image-cache";
import { contentHash } from "../../src/pipeline/verified-store";
import { CanvasSlots, cardImage, composeSheet, sheetCanvases } from "../../src/tts/sheets";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-tts-pipeline-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function png(name: string, width: number, height: number, colour: string, alpha = false): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: alpha ? 4 : 3, background: colour } }).png().toFile(file);
  return file;
}

describe("PNG size from the header", () => {
  it("reads width and height as sharp does", async () => {
    for (const [w, h] of [[825, 1125], [1, 1], [4097, 3]]) {
      const file = await png(`s-${w}x${h}.png`, w, h, "#336699", w === 1);
      const meta = await sharp(file).metadata();
      expect(await imageSize(file)).toEqual({ width: meta.width, height: meta.height });
    }
  });

  it("refuses bytes that are not a PNG header (wrong signature, chunk, size or length)", async () => {
    const good = fs.readFileSync(await png("h.png", 30, 40, "#000000"));
    expect(ihdrSize(good)).toEqual({ width: 30, height: 40 });
    expect(ihdrSize(good.subarray(0, 23))).toBeUndefined();
    const badSig = Buffer.from(good);
    badSig[1] = 0x51;
    expect(ihdrSize(badSig)).toBeUndefined();
    const badChunk = Buffer.from(good);
    badChunk.write("IDAT", 12, "latin1");
    expect(ihdrSize(badChunk)).toBeUndefined();
    const zero = Buffer.from(good);
    zero.writeUInt32BE(0, 16);
    expect(ihdrSize(zero)).toBeUndefined();
    const huge = Buffer.from(good);
    huge.writeUInt32BE(0x80000000, 20);
    expect(ihdrSize(huge)).toBeUndefined();
  });

  it("falls back to sharp for another format (a JPEG)", async () => {
    const file = path.join(dir, "j.jpg");
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#ff0000" } }).jpeg().toFile(file);
    expect(await imageSize(file)).toEqual({ width: 64, height: 48 });
  });
});

describe("sheets from header sizes", () => {
  it("place each trimmed card in its cell (bleed cut off, background where no card is)", async () => {
    const red = await cardImage(await png("red.png", 40, 60, "#ff0000"), () => 5);
    const blue = await cardImage(await png("blue.png", 40, 60, "#0000ff", true), () => 5);
    expect(red).toMatchObject({ width: 40, height: 60, bleed: 5 });
    const jpeg = await composeSheet([red, blue, red], { cols: 2, rows: 2, cellWidth: 30, cellHeight: 50 });
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([60, 100, 3]);
    const at = (x: number, y: number): number[] => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const near = (got: number[], want: number[]): boolean => got.every((v, i) => Math.abs(v - want[i]) <= 12);
    expect(near(at(15, 25), [255, 0, 0])).toBe(true);
    expect(near(at(45, 25), [0, 0, 255])).toBe(true);
    expect(near(at(15, 75), [255, 0, 0])).toBe(true);
    expect(near(at(45, 75), [0x20, 0x20, 0x20])).toBe(true);
  });
});

describe("image cache", () => {
  it("makes an image asked for twice at once only once, and both get its bytes", async () => {
    const input = await png("in.png", 8, 8, "#00ff00");
    let makes = 0;
    const make = async (): Promise<Buffer> => {
      makes += 1;
      await new Promise((r) => setTimeout(r, 20));
      return Buffer.from("the image");
    };
    const before = { ...imageCacheStats };
    const [a, b] = await Promise.all([cachedImage(dir, "test", { n: 1 }, [input], make), cachedImage(dir, "test", { n: 1 }, [input], make)]);
    expect(makes).toBe(1);
    expect(a.equals(b) && a.toString() === "the image").toBe(true);
    expect(imageCacheStats.made - before.made).toBe(1);
    expect(imageCacheStats.reused - before.reused).toBe(1);
    // Other parameters are another image; the first is read from the cache from now on.
    await cachedImage(dir, "test", { n: 2 }, [input], make);
    await cachedImage(dir, "test", { n: 1 }, [input], make);
    expect(makes).toBe(2);
  });

  it("knows each image's digest, made or read back, as sha256 of its bytes", async () => {
    const input = await png("in3.png", 8, 8, "#0000ff");
    const made = await cachedImage(dir, "digest", {}, [input], async () => Buffer.from("some image bytes"));
    expect(imageDigest(made)).toBe(contentHash(Buffer.from("some image bytes")));
    const read = await cachedImage(dir, "digest", {}, [input], async () => Buffer.from("not used"));
    expect(read).not.toBe(made);
    expect(read.toString()).toBe("some image bytes");
    expect(contentHash(read).startsWith(imageDigest(read))).toBe(true);
    expect(imageDigest(read).length).toBeGreaterThanOrEqual(10);
    // An image the cache never saw is hashed here.
    expect(imageDigest(Buffer.from("x"))).toBe(contentHash(Buffer.from("x")));
  });

  it("a failed make is not remembered: the next ask makes it again", async () => {
    const input = await png("in2.png", 8, 8, "#00ff00");
    await expect(cachedImage(dir, "fail", {}, [input], () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect((await cachedImage(dir, "fail", {}, [input], async () => Buffer.from("ok"))).toString()).toBe("ok");
  });
});

describe("sheet canvases (bounded memory, issue 28)", () => {
  it("compose at most `limit` sheets at once, reusing the same slots, with the bytes of a fresh canvas each", async () => {
    const red = await cardImage(await png("c-red.png", 40, 60, "#ff0000"), () => 5);
    const green = await cardImage(await png("c-green.png", 40, 60, "#00ff00"), () => 5);
    const grid = { cols: 2, rows: 2, cellWidth: 30, cellHeight: 50 };
    const fresh = new CanvasSlots(8, 60 * 100 * 3);
    const want = await Promise.all([composeSheet([red, green, red], grid, fresh), composeSheet([green], grid, fresh)]);
    const slots = new CanvasSlots(2, 60 * 100 * 3);
    const release = slots.hold();
    // Ten sheets asked for at once, alternating contents: a reused canvas must not show the last sheet's cards.
    const got = await Promise.all(Array.from({ length: 10 }, (_, i) => composeSheet(i % 2 === 0 ? [red, green, red] : [green], grid, slots)));
    release();
    expect(slots.stats.peak).toBe(2);
    expect(slots.stats.allocated).toBe(2);
    got.forEach((jpeg, i) => expect(jpeg.equals(want[i % 2])).toBe(true));
  });

  it("the save builder's sheets (two saves side by side) take one canvas at a time", async () => {
    const red = await cardImage(await png("d-red.png", 40, 60, "#ff0000"), () => 5);
    const grid = { cols: 2, rows: 2, cellWidth: 30, cellHeight: 50 };
    await Promise.all([composeSheet([red], grid), composeSheet([red, red], grid), composeSheet([red, red, red], grid)]);
    expect(sheetCanvases.stats.peak).toBe(1);
  });

  it("keeps idle slots only while held, and refuses a canvas bigger than a slot", async () => {
    const slots = new CanvasSlots(1, 16);
    const release = slots.hold();
    await slots.use(16, async () => undefined);
    await slots.use(8, async (c) => expect(c.length).toBe(8));
    expect(slots.stats.allocated).toBe(1);
    release();
    await slots.use(16, async () => undefined);
    await slots.use(16, async () => undefined);
    // Unheld, a slot goes when its sheet is done: the next sheet gets a new one.
    expect(slots.stats.allocated).toBe(3);
    await expect(slots.use(17, async () => undefined)).rejects.toThrow(/at most 16 bytes/);
  });
});
