/**
 * Extra HUD buttons per game, shared by the save builder (it writes them into the XmlUI) and the
 * script (it defines the global `syzygy_<id>` each button calls). Plain data: compiles to Lua.
 */
import type { GameButton } from "./rules";

export interface GameButtons {
  game: string;
  buttons: GameButton[];
}

export const GAME_BUTTONS: GameButtons[] = [
  {
    game: "eclipsed",
    buttons: [
      { id: "drawDeck", label: "Draw from deck" },
      { id: "drawDiscard", label: "Take discard" },
      { id: "meld", label: "Declare meld" },
      { id: "meldHigh", label: "Meld (Traveler high)" },
      { id: "goOut", label: "Go out" },
    ],
  },
];

export function buttonsFor(game: string): GameButton[] {
  for (const g of GAME_BUTTONS) if (g.game === game) return g.buttons;
  return [];
}

/** Every button id of every game (the script defines all of them; unknown ones refuse). */
export function allButtonIds(): string[] {
  const out: string[] = [];
  for (const g of GAME_BUTTONS) for (const b of g.buttons) out.push(b.id);
  return out;
}
