/**
 * Raster art in a PDF recording. pdfkit embeds a PNG with transparency (alpha, tRNS) or
 * interlacing only after an asynchronous inflate, so a recording, which is complete when
 * `recordArt` returns, would hold an empty image. Such PNGs are decoded here synchronously
 * (pngjs) and handed to pdfkit as 8-bit RGBA pixels, which it splits into colour and soft mask
 * at once. Every other image (plain PNG, JPEG) keeps pdfkit's path: its data is copied as it is.
 */
import type { PNG as PNGType } from "pngjs";
import { createRequire } from "node:module";

// pngjs decodes only art with transparency: it loads with the first such image.
const requireLazily = createRequire(import.meta.url);

/* eslint-disable @typescript-eslint/no-explicit-any -- pdfkit and png-js internals */

/** Makes `doc.openImage` return images whose `embed` finishes before it returns. */
export function embedImagesSynchronously(doc: any): void {
  const open = doc.openImage.bind(doc);
  doc.openImage = (src: unknown) => {
    const image = open(src);
    const png = image?.image;
    if (png === undefined || png === null || image.obj || image.synchronous) return image;
    const t = png.transparency ?? {};
    const deferred = png.hasAlphaChannel || t.indexed !== undefined || t.grayscale !== undefined || t.rgb !== undefined || png.interlaceMethod === 1;
    if (!deferred) return image;
    const { PNG } = requireLazily("pngjs") as { PNG: typeof PNGType };
    const decoded = PNG.sync.read(Buffer.from(pngBytes(src)));
    const pixels = new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length);
    Object.assign(png, { colorType: 6, colors: 3, bits: 8, hasAlphaChannel: true, pixelBitlength: 32, colorSpace: "DeviceRGB", palette: [], transparency: {}, interlaceMethod: 0 });
    png.decodePixels = (fn: (p: Uint8Array) => unknown) => fn(pixels);
    image.synchronous = true;
    return image;
  };
}

function pngBytes(src: unknown): Uint8Array {
  if (src instanceof Uint8Array) return src;
  if (src instanceof ArrayBuffer) return new Uint8Array(src);
  const m = typeof src === "string" ? /^data:.+?;base64,(.*)$/.exec(src) : null;
  if (!m) throw new Error("PDF art: an image that is neither bytes nor a data: URI");
  return Buffer.from(m[1], "base64");
}
