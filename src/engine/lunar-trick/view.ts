/**
 * What one seat may see, built fresh from public parts plus the viewer's own hand (hide by default),
 * and the card bookkeeping the shared contract suite checks.
 */
import { commitVisible } from "../core/commits";
import { mod } from "../core/util";
import { legal, roundTricks } from "./rules";
import { Phase } from "./types";
import type { State, View } from "./types";

export function view(state: State, seat: number): View {
  const mine = seat >= 0 && seat < state.players;
  const handSizes: number[] = [];
  const committed: boolean[] = [];
  const commits: string[] = [];
  const won: string[][] = [];
  for (let s = 0; s < state.players; s++) {
    handSizes.push(state.hands[s].length);
    committed.push(state.commits.done[s]);
    // before the reveal only the viewer's own commit shows; afterwards all are public
    commits.push(state.phase === Phase.Commit ? commitVisible(state.commits, seat, s, "") : state.commits.values[s]);
    won.push(state.won[s].slice());
  }
  const trickSeats: number[] = [];
  for (let i = 0; i < state.trick.length; i++) trickSeats.push(mod(state.leader + i, state.players));
  return {
    seat,
    players: state.players,
    options: { highestAnySuit: state.options.highestAnySuit },
    phase: state.phase,
    round: state.round,
    dealer: state.dealer,
    hand: mine ? state.hands[seat].slice() : [],
    handSizes,
    setAsideCount: state.setAside.length,
    committed,
    commits,
    markers: state.markers.slice(),
    trumpSide: state.trumpSide,
    suitOf: state.suitOf.slice(),
    leader: state.leader,
    turn: state.turn,
    trickSeats,
    trick: state.trick.slice(),
    trickIndex: state.trickIndex,
    won,
    tricks: roundTricks(state),
    totals: state.totals.slice(),
    winners: state.winners.slice(),
    legal: mine ? legal(state, seat).slice() : [],
  };
}

/** Every card the state holds (hands, set aside, face-down commits, the trick, won piles). */
export function cardsOf(state: State): string[] {
  const out: string[] = [];
  for (const h of state.hands) for (const c of h) out.push(c);
  for (const c of state.setAside) out.push(c);
  if (state.phase === Phase.Commit) for (let s = 0; s < state.players; s++) if (state.commits.done[s]) out.push(state.commits.values[s]);
  for (const c of state.trick) out.push(c);
  for (const pile of state.won) for (const c of pile) out.push(c);
  return out;
}

/** Cards `seat` may not see: other hands, the set-aside card, others' face-down commits. */
export function hiddenFrom(state: State, seat: number): string[] {
  const out: string[] = [];
  for (let s = 0; s < state.players; s++) if (s !== seat) for (const c of state.hands[s]) out.push(c);
  for (const c of state.setAside) out.push(c);
  if (state.phase === Phase.Commit)
    for (let s = 0; s < state.players; s++) if (s !== seat && state.commits.done[s]) out.push(state.commits.values[s]);
  return out;
}
