/**
 * What a print-on-demand service calls a deck: one card component, every physical copy of every
 * item in print order, each with the art key of its face and of its back.
 */
import { backKey, expandCopies, faceKey } from "../render/faces";
import type { RenderComponent, RenderGame, Warning } from "../render/types";
import { matchSize, SERVICE_NAMES, supportedSizes, type PodCardSize, type PodService } from "./sizes";

export interface PodCard {
  /** 1-based position in the deck. */
  position: number;
  itemId: string;
  face: string;
  /** Undefined when the component has no back template. */
  back?: string;
  /** The back belongs to this item alone (a two-sided card), not to the whole deck. */
  ownBack: boolean;
}

export interface PodDeck {
  component: RenderComponent;
  size: PodCardSize;
  cards: PodCard[];
}

export function deckCards(component: RenderComponent): PodCard[] {
  return expandCopies(component).map((item, i) => ({
    position: i + 1,
    itemId: item.id,
    face: faceKey(component, item),
    back: backKey(component, item),
    ownBack: item.backTemplate !== undefined,
  }));
}

/**
 * The game's card components the service can print. Other sizes are left out with a warning that
 * names the size and the supported ones; tokens, boards and sheets are not decks.
 */
export function podDecks(game: RenderGame, service: PodService): { decks: PodDeck[]; warnings: Warning[] } {
  const decks: PodDeck[] = [];
  const warnings: Warning[] = [];
  for (const component of game.components) {
    if (component.kind !== "card") continue;
    const where = `${game.id}/${component.id}`;
    const size = matchSize(service, component.width, component.height);
    if (size === undefined) {
      warnings.push({
        where,
        message: `${component.width}×${component.height} mm cards are a size ${SERVICE_NAMES[service]} export does not support (supported: ${supportedSizes(service)}); deck skipped`,
      });
      continue;
    }
    const cards = deckCards(component);
    if (cards.length === 0) continue;
    if (cards.some((c) => c.back === undefined)) {
      warnings.push({ where, message: `some cards have no back template; ${SERVICE_NAMES[service]} prints a back on every card, so those backs are blank` });
    }
    decks.push({ component, size, cards });
  }
  return { decks, warnings };
}
