/**
 * What a seat may see (built fresh from visible parts: own hand and hold-back, own committed
 * Edict, everything face up) and the card bookkeeping the shared contract suite checks.
 * Seat −1 is the spectator: public information only.
 */
import { commitVisible } from "../core/commits";
import { isSeat } from "../core/util";
import type { State, View, PublicMeld } from "./types";
import { Phase } from "./types";

export function view(state: State, seat: number): View {
  const own = isSeat(state.players, seat);
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  const committed: boolean[] = [];
  for (const d of state.contributions.done) committed.push(d);
  const melds: PublicMeld[][] = [];
  for (const list of state.melds) {
    const out: PublicMeld[] = [];
    for (const m of list)
      out.push({ cards: m.cards.slice(), type: m.type, travelerHigh: m.travelerHigh, burned: m.burned, provisional: m.provisional });
    melds.push(out);
  }
  return {
    seat,
    players: state.players,
    phase: state.phase,
    round: state.round,
    dealer: state.dealer,
    turnSeat: state.turnSeat,
    target: state.target,
    hand: own ? state.hands[seat].slice() : [],
    heldBack: own ? state.heldBack[seat].slice() : [],
    handSizes,
    deckSize: state.deck.length,
    discard: state.discard.slice(),
    fate: state.fate,
    myContribution: own ? commitVisible(state.contributions, seat, seat, "") : "",
    committed,
    edicts: state.edicts.map((e) => ({ card: e.card, seat: e.seat })),
    meter: state.meter,
    melds,
    turns: state.turns.slice(),
    takenFromDiscard: state.takenFromDiscard,
    firstDeclarant: state.firstDeclarant,
    totals: state.totals.slice(),
    history: state.history.map((r) => r.slice()),
    winners: state.winners.slice(),
  };
}

/** Every card the state holds, wherever it lies (the multiset never changes). */
export function cardsOf(state: State): string[] {
  const out: string[] = [];
  for (const id of state.deck) out.push(id);
  for (const id of state.discard) out.push(id);
  for (const hand of state.hands) for (const id of hand) out.push(id);
  for (const list of state.melds) for (const m of list) for (const id of m.cards) out.push(id);
  // before the reveal the fate card is alone; afterwards it is the first Edict
  if (state.edicts.length === 0) out.push(state.fate);
  else for (const e of state.edicts) out.push(e.card);
  return out;
}

/**
 * Cards `seat` must not see: the draw pile and the other players' hands. Once the match is over
 * the last hands have been shown for deadwood (the round event lists them), so only the pile stays hidden.
 */
export function hiddenFrom(state: State, seat: number): string[] {
  const out: string[] = [];
  for (const id of state.deck) out.push(id);
  if (state.phase === Phase.Over) return out;
  for (let s = 0; s < state.players; s++) if (s !== seat) for (const id of state.hands[s]) out.push(id);
  return out;
}
