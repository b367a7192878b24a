/** Card art boxes and fits: what the `image` helper takes and the face checker reads back. */

export type ArtFit = "cover" | "contain" | "stretch";
const FITS: readonly ArtFit[] = ["cover", "contain", "stretch"];

export interface ArtBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function isArtFit(v: unknown): v is ArtFit {
  return typeof v === "string" && (FITS as readonly string[]).includes(v);
}

/** "x y w h" (spaces or commas) → a box with a positive size, else undefined. */
export function parseBox(v: string): ArtBox | undefined {
  const n = v.trim().split(/[\s,]+/).map(Number);
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x)) || n[2] <= 0 || n[3] <= 0) return undefined;
  return { x: n[0], y: n[1], w: n[2], h: n[3] };
}
