/** What each seat may see: its own hand, the turned-up card, the bids, the table and the scores; the others' hands only as counts. */
import type { Seat } from "../core/types";
import { copyOf } from "../core/util";
import type { State, View } from "./types";

export function view(state: State, seat: Seat): View {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  const won: string[][] = [];
  for (const w of state.won) won.push(copyOf(w));
  const own = seat >= 0 && seat < state.players;
  return {
    seat: seat,
    phase: state.phase,
    round: state.round,
    dealer: state.dealer,
    handSize: state.handSize,
    hand: own ? copyOf(state.hands[seat]) : [],
    handSizes: handSizes,
    stockSize: state.stock.length,
    turnUp: state.turnUp,
    trump: state.trump,
    bids: copyOf(state.bids),
    leader: state.leader,
    turn: state.turn,
    trick: copyOf(state.trick),
    trickSeats: copyOf(state.trickSeats),
    won: won,
    tricks: copyOf(state.tricks),
    totals: copyOf(state.totals),
  };
}

/** Every card id the state holds (the contract suite checks none appears or vanishes). */
export function cardsOf(state: State): string[] {
  const out: string[] = [];
  for (const h of state.hands) for (const c of h) out.push(c);
  for (const c of state.stock) out.push(c);
  if (state.turnUp !== "") out.push(state.turnUp);
  for (const c of state.trick) out.push(c);
  for (const w of state.won) for (const c of w) out.push(c);
  return out;
}

/** The cards `seat` may not see: the other seats' hands and the face-down stock (the turned-up card is public). */
export function hiddenFrom(state: State, seat: Seat): string[] {
  const out: string[] = copyOf(state.stock);
  for (let s = 0; s < state.players; s++) if (s !== seat) for (const c of state.hands[s]) out.push(c);
  return out;
}
