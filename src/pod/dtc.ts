/**
 * DriveThruCards: per deck, one PDF whose every page is one card side at trim + bleed, a card's
 * back followed by its face (back, face, back, face…), one pair per physical card, as
 * DriveThruCards' card specification asks (docs/print-on-demand.md). Art stays vector, fonts are
 * embedded by the PDF writer; TrimBox is the card, BleedBox the whole page.
 */
import type { Page } from "../render/page";
import type { PodCard, PodDeck } from "./decks";

function cardPage(deck: PodDeck, card: PodCard, side: "face" | "back", bleedMm: number): Page {
  const { width: w, height: h, title } = deck.component;
  const size = { w: w + 2 * bleedMm, h: h + 2 * bleedMm };
  const art = side === "face" ? card.face : card.back;
  return {
    landscape: false,
    size,
    label: `${title} ${card.position} (${side === "face" ? card.itemId : "back"})`,
    placements:
      art === undefined
        ? []
        : [{ face: art, x: bleedMm, y: bleedMm, w, h, rotate: 0, clip: { shape: { type: "rect" }, grow: bleedMm }, outline: false }],
    lines: [],
    labels: [],
    trim: { x: bleedMm, y: bleedMm, w, h },
    bleed: { x: 0, y: 0, w: size.w, h: size.h },
    side: side === "face" ? "front" : "back",
  };
}

/** Pages of one deck in DriveThruCards' order: each card's back, then its face. */
export function dtcPages(deck: PodDeck, bleedMm: number): Page[] {
  return deck.cards.flatMap((card) => [cardPage(deck, card, "back", bleedMm), cardPage(deck, card, "face", bleedMm)]);
}
