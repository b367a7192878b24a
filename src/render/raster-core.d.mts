/** SVG → PNG at `widthPx` wide, pHYs set to `dpi`; `pixels` is width × height. */
export function rasterise(svg: string, widthPx: number, dpi: number, fontFiles: string[]): Promise<{ png: Buffer; pixels: number }>;
/** SVG → raw RGB at the size its root element gives, flattened on white; undefined if resvg drew another size. */
export function rasteriseRgb(svg: string, widthPx: number, heightPx: number, fontFiles: string[]): Promise<Buffer | undefined>;
