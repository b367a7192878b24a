/**
 * What each seat may see of a Solar Eclipse game (hide by default), and the card bookkeeping the
 * shared contract suite checks.
 */
import { commitVisible } from "../core/commits";
import { copyOf, isSeat } from "../core/util";
import { bidCards, rounds, tricksPerRound } from "./cards";
import { active } from "./rules";
import { GAME_ID, HIDDEN_CARD } from "./types";
import type { State, View } from "./types";

export function view(state: State, seat: number): View {
  const players = state.players;
  const handSizes: number[] = [];
  const bids: number[] = [];
  const secondCards: string[] = [];
  for (let p = 0; p < players; p++) {
    handSizes.push(state.hands[p].length);
    // SE-2: bids stay hidden until scoring (the `round` event and `history` reveal them).
    bids.push(commitVisible(state.bids, seat, p, -1));
    let second = "";
    if (state.secondCards.done[p]) {
      // SE-7: another seat's face-down card stays hidden until the reveal.
      second = state.faceDown ? commitVisible(state.secondCards, seat, p, HIDDEN_CARD) : state.secondCards.values[p];
    }
    secondCards.push(second);
  }
  return {
    game: GAME_ID,
    seat,
    players,
    phase: state.phase,
    round: state.round,
    rounds: rounds(),
    dealer: state.dealer,
    leader: state.leader,
    turn: state.turn,
    active: active(state),
    hand: isSeat(state.players, seat) ? copyOf(state.hands[seat]) : [],
    handSizes,
    setAsideCount: state.setAside.length,
    bidCards: copyOf(bidCards(players)),
    bids,
    bidChosen: copyOf(state.bids.done),
    tricksPerRound: tricksPerRound(),
    tricksDone: state.tricksDone,
    leadSuit: state.leadSuit,
    faceDown: state.faceDown,
    firstCards: copyOf(state.firstCards),
    secondCards,
    tricksWon: copyOf(state.tricksWon),
    bonus: copyOf(state.bonus),
    bonusPile: state.bonusPile,
    totals: copyOf(state.totals),
    lastTrick: state.lastTrick,
    history: copyOf(state.history),
    winners: copyOf(state.winners),
  };
}

/** Every card id the state holds, wherever it is (hands, set aside, current trick, trick piles). */
export function cardsOf(state: State): string[] {
  const out: string[] = [];
  for (const h of state.hands) for (const c of h) out.push(c);
  for (const c of state.setAside) out.push(c);
  for (const c of state.firstCards) if (c !== "") out.push(c);
  for (const c of state.secondCards.values) if (c !== "") out.push(c);
  for (const p of state.piles) for (const c of p) out.push(c);
  return out;
}

/** Card ids `seat` must not see: other hands, the set-aside cards, others' face-down second cards. */
export function hiddenFrom(state: State, seat: number): string[] {
  const out: string[] = [];
  for (let p = 0; p < state.players; p++) if (p !== seat) for (const c of state.hands[p]) out.push(c);
  for (const c of state.setAside) out.push(c);
  if (state.faceDown) {
    for (let p = 0; p < state.players; p++) {
      if (p !== seat && state.secondCards.done[p]) out.push(state.secondCards.values[p]);
    }
  }
  return out;
}

