/**
 * The viewBox of an SVG this renderer wrote (every face template's root has one), in its own
 * module so that what reads it without drawing a PDF (the gallery's page thumbnails) does not load
 * pdfkit.
 */
export function svgBox(svg: string): number[] {
  // The SVG's viewBox starts at -bleed; its size is the art's full size including bleed.
  const m = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!m) throw new Error("rendered SVG has no viewBox");
  return m.slice(1).map(Number);
}
