/** SVG → PNG at `widthPx` wide, pHYs set to `dpi`; `pixels` is width × height. */
export function rasterise(svg: string, widthPx: number, dpi: number, fontFiles: string[]): Promise<{ png: Buffer; pixels: number }>;
