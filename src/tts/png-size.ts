/**
 * A PNG's pixel size from its IHDR chunk (the first 24 bytes), read on this thread. The save
 * builder needs every card's size before it composes a sheet; asking sharp for it queued one
 * libvips header parse per card on the thread pool behind the image work (~300 per cold build).
 */
import fs from "node:fs";
import sharp from "../render/sharp-library.mjs";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG's limit on either side (2^31 − 1); 0 is not a size either. */
const MAX_SIDE = 0x7fffffff;

/** Width and height of a PNG's bytes, or undefined when they do not start as a PNG does. */
export function ihdrSize(head: Buffer): { width: number; height: number } | undefined {
  if (head.length < 24 || !head.subarray(0, 8).equals(SIGNATURE)) return undefined;
  if (head.readUInt32BE(8) !== 13 || head.toString("latin1", 12, 16) !== "IHDR") return undefined;
  const width = head.readUInt32BE(16);
  const height = head.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return undefined;
  return { width, height };
}

/** The file's pixel size: from its IHDR, else (not a PNG) as sharp reads it. */
export async function imageSize(file: string): Promise<{ width: number; height: number }> {
  const head = Buffer.alloc(24);
  const fd = fs.openSync(file, "r");
  let read: number;
  try {
    read = fs.readSync(fd, head, 0, 24, 0);
  } finally {
    fs.closeSync(fd);
  }
  const size = ihdrSize(head.subarray(0, read));
  if (size !== undefined) return size;
  const meta = await sharp(file).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
