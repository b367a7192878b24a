/**
 * 8-bit RGB (3 channels) or RGBA (4) pixels → PNG bytes, rows unfiltered and deflated at zlib's
 * `level` (default 6); `dpi` adds a pHYs chunk.
 */
export function encodePng(pixels: Uint8Array, width: number, height: number, channels: 3 | 4, options?: { dpi?: number; level?: number }): Promise<Buffer>;
