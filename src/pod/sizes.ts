/**
 * Card sizes the print-on-demand services print, as their templates give them (sources in
 * docs/print-on-demand.md). A deck whose trimmed size matches none of them is not exported.
 */
import { BLEED_MM, DPI, MM_PER_INCH } from "../render/types";

export type PodService = "tgc" | "dtc";

export const SERVICE_NAMES: Record<PodService, string> = { tgc: "The Game Crafter", dtc: "DriveThruCards" };

export interface PodCardSize {
  name: string;
  /** Trimmed size, portrait, in mm. */
  w: number;
  h: number;
}

/** Each service's card sizes this export supports (portrait). */
export const POD_SIZES: Record<PodService, PodCardSize[]> = {
  // TGC's deck templates (docs/print-on-demand.md cites them): each image is the trimmed card
  // plus 1/8 in of bleed per side at 300 dpi, e.g. Mini Deck 1.75 × 2.5 in = 600 × 825 px,
  // Tarot Deck 2.75 × 4.75 in = 900 × 1500 px, Square Deck 3.5 × 3.5 in = 1125 × 1125 px.
  tgc: [
    { name: "poker", w: 63.5, h: 88.9 },
    { name: "mini", w: 44.45, h: 63.5 },
    { name: "tarot", w: 69.85, h: 120.65 },
    { name: "square", w: 88.9, h: 88.9 },
    { name: "small square", w: 63.5, h: 63.5 },
    { name: "bridge", w: 57.15, h: 88.9 },
    { name: "jumbo", w: 88.9, h: 139.7 },
  ],
  // DriveThruCards: only the poker size has a cited spec (docs/print-on-demand.md, Known gaps).
  dtc: [{ name: "poker", w: 63.5, h: 88.9 }],
};

/** Trimmed sizes closer than this (mm) are the same size: data gives 63.5 or 63.50 alike. */
const SIZE_TOLERANCE_MM = 0.3;

export function matchSize(service: PodService, w: number, h: number): PodCardSize | undefined {
  return POD_SIZES[service].find((s) => Math.abs(s.w - w) <= SIZE_TOLERANCE_MM && Math.abs(s.h - h) <= SIZE_TOLERANCE_MM);
}

/** One line naming the sizes a service supports, for messages. */
export function supportedSizes(service: PodService): string {
  return POD_SIZES[service].map((s) => `${s.name} ${s.w}×${s.h} mm`).join(", ");
}

/**
 * The Game Crafter's template image for a card: trim plus its fixed 1/8 in bleed on every side at
 * 300 dpi (poker: 2.75 × 3.75 in = 825 × 1125 px).
 */
export function tgcPixels(size: PodCardSize): { w: number; h: number } {
  const px = (mm: number): number => Math.round(((mm + 2 * BLEED_MM) / MM_PER_INCH) * DPI);
  return { w: px(size.w), h: px(size.h) };
}
