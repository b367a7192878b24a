// PNG encoding with Node's own zlib, for the faces (raster-core.mjs) and the gallery's page
// thumbnails. Plain JavaScript, like raster-core.mjs, so a raster worker loads it without a
// TypeScript loader; typed by png-encode.d.mts.
//
// Why not sharp (libvips), which encoded them before: loading it costs a process ~0.1 s and
// ~6 500 page faults (libvips, its version checks), more than a one-card edit's whole PNG work.
// Every row is stored unfiltered (filter type 0, as sharp wrote them) and deflated on libuv's
// thread pool, so the main thread only copies the rows.
import { crc32, deflate } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const METRES_PER_INCH = 0.0254;
/** PNG colour types by channels: 3 = RGB (2), 4 = RGBA (6). */
const COLOUR_TYPE = new Map([
  [3, 2],
  [4, 6],
]);

/** One chunk: length, type, data, CRC of type and data. */
function chunk(type, data) {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function deflated(bytes, level) {
  return new Promise((resolve, reject) => deflate(bytes, { level }, (err, out) => (err ? reject(err) : resolve(out))));
}

/**
 * 8-bit RGB or RGBA pixels (rows top to bottom, no padding) → PNG bytes. `dpi` adds a pHYs chunk
 * (pixels per metre, rounded, as print shops read it); `level` is zlib's (1 fastest … 9 smallest).
 */
export async function encodePng(pixels, width, height, channels, { dpi, level = 6 } = {}) {
  const colourType = COLOUR_TYPE.get(channels);
  if (colourType === undefined) throw new Error(`encodePng: ${channels} channels; only 3 (RGB) and 4 (RGBA) are written`);
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) throw new Error(`encodePng: a ${width} × ${height} image`);
  const stride = width * channels;
  if (pixels.length !== stride * height) throw new Error(`encodePng: ${pixels.length} bytes for ${width} × ${height} × ${channels}`);
  const rows = Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    rows[at] = 0;
    rows.set(pixels.subarray(y * stride, (y + 1) * stride), at + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = colourType; // compression, filter method and interlace stay 0
  const parts = [SIGNATURE, chunk("IHDR", header)];
  if (dpi !== undefined) {
    const perMetre = Math.round(dpi / METRES_PER_INCH);
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(perMetre, 0);
    phys.writeUInt32BE(perMetre, 4);
    phys[8] = 1; // unit: metre
    parts.push(chunk("pHYs", phys));
  }
  parts.push(chunk("IDAT", await deflated(rows, level)), chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}
