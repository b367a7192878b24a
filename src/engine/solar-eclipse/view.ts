/** What each seat may see of a Solar Eclipse game (hide by default), and the game's result. */
import { commitVisible } from "../core/commits";
import type { GameResult } from "../core/types";
import { bidCards, rounds, tricksPerRound } from "./cards";
import { copyList } from "./deal";
import { active, isSeat } from "./play";
import { GAME_ID, HIDDEN_CARD, Phase } from "./types";
import type { SolarEclipseState, SolarEclipseView } from "./types";

type State = SolarEclipseState;

export function view(state: State, seat: number): SolarEclipseView {
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
    hand: isSeat(state, seat) ? copyList(state.hands[seat]) : [],
    handSizes,
    setAsideCount: state.setAside.length,
    bidCards: copyList(bidCards(players)),
    bids,
    bidChosen: copyList(state.bids.done),
    tricksPerRound: tricksPerRound(),
    tricksDone: state.tricksDone,
    leadSuit: state.leadSuit,
    faceDown: state.faceDown,
    firstCards: copyList(state.firstCards),
    secondCards,
    tricksWon: copyList(state.tricksWon),
    bonus: copyList(state.bonus),
    bonusPile: state.bonusPile,
    totals: copyList(state.totals),
    lastTrick: state.lastTrick,
    history: copyList(state.history),
    winners: copyList(state.winners),
  };
}

export function result(state: State): GameResult {
  const over = state.phase === Phase.GameOver;
  return { over, winners: over ? copyList(state.winners) : [], scores: copyList(state.totals) };
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

