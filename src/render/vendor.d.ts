/** Minimal types for untyped dependencies (only what src/render uses). */
declare module "fontkit" {
  export interface Font {
    unitsPerEm: number;
    capHeight: number;
    ascent: number;
    descent: number;
    layout(text: string): { advanceWidth: number };
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font;
}

declare module "svg-to-pdfkit" {
  interface Options {
    width?: number;
    height?: number;
    assumePt?: boolean;
    preserveAspectRatio?: string;
    precision?: number;
    fontCallback?: (family: string, bold: boolean, italic: boolean, opts: { fauxItalic: boolean; fauxBold: boolean }) => string;
    warningCallback?: (message: string) => void;
  }
  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: Options): void;
  export default SVGtoPDF;
}
