/** What one seat may see, built fresh from public parts plus the viewer's own hand (hide by default). */
import { commitVisible } from "../core/commits";
import { mod } from "../core/util";
import { legal, roundTricks } from "./rules";
import type { LtState, LtView } from "./types";

export function view(state: LtState, seat: number): LtView {
  const mine = seat >= 0 && seat < state.players;
  const handSizes: number[] = [];
  const committed: boolean[] = [];
  const commits: string[] = [];
  const won: string[][] = [];
  for (let s = 0; s < state.players; s++) {
    handSizes.push(state.hands[s].length);
    committed.push(state.commits.done[s]);
    // before the reveal only the viewer's own commit shows; afterwards all are public
    commits.push(state.phase === "commit" ? commitVisible(state.commits, seat, s, "") : state.commits.values[s]);
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
