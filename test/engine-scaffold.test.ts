/**
 * The template engine `syzygy new --engine` copies (src/engine/_scaffold): each of its rules TPL-1
 * to TPL-6 (its index.ts header), as a scaffolded game has them under its own prefix. The
 * contract, parity and MoonSharp tests play it like any engine (src/engine/templates.ts).
 */
import { describe, expect, it } from "vitest";
import { engine, Phase, type Action, type Event, type State } from "../src/engine/_scaffold/index";
import { HANDS } from "../src/engine/_scaffold/deal";
import { DECK, RULES } from "../src/engine/_scaffold/data.gen";
import { NO_BID } from "../src/engine/kit/bidding";

/** The card of `suit` ("hearts") and `rank` (1 ace … 13 king). */
function card(suit: string, rank: number): string {
  const c = DECK.find((d) => d.suit === suit && d.rank === rank);
  if (c === undefined) throw new Error(`no ${rank} of ${suit}`);
  return c.id;
}
const H1 = card("hearts", 1);
const S2 = card("spades", 2);
const D3 = card("diamonds", 3);

function start(deal: string[][], dealer = 0): State {
  return engine.setup({ players: deal.length, options: {}, dealer, deal, setAside: [] }, "tpl");
}

function step(state: State, seat: number, action: Action): { state: State; events: Event[] } {
  const r = engine.apply(state, seat, action);
  if (!r.ok) throw new Error(`${r.rule}: ${r.message}`);
  return { state: r.state, events: r.events };
}

function refusal(state: State, seat: number, action: Action): string {
  const r = engine.apply(state, seat, action);
  return r.ok ? "accepted" : r.rule;
}

/** Plays a whole game by the first legal action; returns every state and event. */
function playOut(players: number, seed: string): { states: State[]; events: Event[] } {
  let state = engine.setup({ players, options: {}, dealer: -1, deal: [], setAside: [] }, seed);
  const states = [state];
  const events: Event[] = [...engine.startEvents(state)];
  while (engine.active(state).length > 0) {
    const seat = engine.active(state)[0];
    const r = step(state, seat, engine.legal(state, seat)[0]);
    state = r.state;
    states.push(state);
    events.push(...r.events);
  }
  return { states, events };
}

describe("template engine rules (TPL-1 … TPL-6)", () => {
  it("TPL-1: hands of 1 up to maxHand and down to 1, one round each; the deal passes clockwise", () => {
    const up = Array.from({ length: RULES.maxHand }, (_, i) => i + 1);
    expect(HANDS).toEqual([...up, ...up.slice(0, -1).reverse()]);
    const { events } = playOut(3, "tpl-1");
    const deals = events.filter((e) => e.type === "deal");
    expect(deals.map((d) => d.handSizes)).toEqual(HANDS.map((n) => [n, n, n]));
    for (let i = 1; i < deals.length; i++) expect(deals[i].dealer).toBe((deals[i - 1].dealer + 1) % 3);
  });

  it("TPL-2: the turned-up card is in no hand, public in every view, and its suit is trump", () => {
    const s = start([[H1], [S2]]);
    // with a given deal, the first card it leaves in deck order is turned up
    expect(s.turnUp).toBe(DECK.map((d) => d.id).find((id) => id !== H1 && id !== S2));
    expect(s.hands.flat()).not.toContain(s.turnUp);
    expect(s.trump).toBe(DECK.find((d) => d.id === s.turnUp)!.suit);
    for (const seat of [-1, 0, 1]) expect(engine.view(s, seat).turnUp).toBe(s.turnUp);
    for (const seat of [0, 1]) expect(engine.hiddenFrom(s, seat)).not.toContain(s.turnUp);
    expect(engine.startEvents(s)).toEqual([expect.objectContaining({ type: "deal", turnUp: s.turnUp, trump: s.trump })]);
  });

  it("TPL-3: bids in turn from the player after the dealer, 0 to the hand's size, seen by all", () => {
    let s = start([[H1], [S2], [D3]], 1);
    expect(s.phase).toBe(Phase.Bid);
    expect(engine.active(s)).toEqual([2]);
    expect(refusal(s, 0, { type: "bid", tricks: 0 })).toBe("TPL-turn");
    expect(refusal(s, 2, { type: "bid", tricks: 2 })).toBe("TPL-3");
    expect(refusal(s, 2, { type: "bid", tricks: -1 })).toBe("TPL-3");
    expect(refusal(s, 2, { type: "play", card: D3 })).toBe("TPL-phase");
    expect(engine.legal(s, 2)).toEqual([{ type: "bid", tricks: 0 }, { type: "bid", tricks: 1 }]);
    const r = step(s, 2, { type: "bid", tricks: 1 });
    expect(r.events).toEqual([{ type: "bid", seat: 2, tricks: 1 }]);
    s = r.state;
    for (const seat of [-1, 0, 1, 2]) expect(engine.view(s, seat).bids).toEqual([NO_BID, NO_BID, 1]);
    expect(engine.active(s)).toEqual([0]);
    s = step(s, 0, { type: "bid", tricks: 0 }).state;
    expect(engine.active(s)).toEqual([1]);
    s = step(s, 1, { type: "bid", tricks: 0 }).state;
    // TPL-4: after the last bid the player after the dealer leads
    expect(s.phase).toBe(Phase.Play);
    expect(engine.active(s)).toEqual([2]);
  });

  it("TPL-4: follow the led suit when able", () => {
    // round 1 deals one card each: a led heart and a seat that holds no heart may play anything
    let s = start([[H1], [S2]], 1);
    s = step(s, 0, { type: "bid", tricks: 0 }).state;
    s = step(s, 1, { type: "bid", tricks: 0 }).state;
    s = step(s, 0, { type: "play", card: H1 }).state;
    expect(engine.legal(s, 1)).toEqual([{ type: "play", card: S2 }]);
    // a hand with the led suit must follow it
    const h5 = card("hearts", 5);
    const forced: State = { ...s, hands: [[], [S2, h5]], trick: [H1], trickSeats: [0] };
    expect(refusal(forced, 1, { type: "play", card: S2 })).toBe("TPL-4");
    expect(engine.legal(forced, 1)).toEqual([{ type: "play", card: h5 }]);
  });

  it("TPL-5: the highest trump takes the trick, else the highest card of the led suit", () => {
    const s0 = start([[H1], [S2]], 1);
    const plain = ["hearts", "spades", "diamonds", "clubs"].filter((x) => x !== s0.trump);
    const king = card(plain[0], 13);
    const trumpTwo = card(s0.trump, 2);
    const plainAce = card(plain[1], 1);
    const at = (hands: string[][]): State => ({ ...s0, phase: Phase.Play, bids: [0, 0], turn: 0, leader: 0, hands });
    // seat 0 leads a plain king, seat 1 trumps it with a 2: the trump takes the trick
    const a = step(at([[king], [trumpTwo]]), 0, { type: "play", card: king }).state;
    expect(step(a, 1, { type: "play", card: trumpTwo }).events).toContainEqual(expect.objectContaining({ type: "trick", winner: 1 }));
    // no trump played: the led suit's highest card takes it, an off-suit card never does
    const b = step(at([[card(plain[0], 3)], [plainAce]]), 0, { type: "play", card: card(plain[0], 3) }).state;
    expect(step(b, 1, { type: "play", card: plainAce }).events).toContainEqual(expect.objectContaining({ type: "trick", winner: 0 }));
  });

  it("TPL-6: each trick scores, an exact bid adds its bonus; after the last round the highest total wins, equal totals share", () => {
    for (const players of [2, 3, 4]) {
      const { events, states } = playOut(players, `tpl-6-${players}`);
      let totals = new Array<number>(players).fill(0);
      for (const e of events) {
        if (e.type !== "round") continue;
        for (let seat = 0; seat < players; seat++) {
          const expected = e.tricks[seat] * RULES.pointsPerTrick + (e.bids[seat] === e.tricks[seat] ? RULES.exactBonus : 0);
          expect(e.points[seat]).toBe(expected);
        }
        totals = totals.map((t, seat) => t + e.points[seat]);
        expect(e.totals).toEqual(totals);
      }
      const over = events[events.length - 1];
      expect(over.type).toBe("gameOver");
      const top = Math.max(...totals);
      expect(over.type === "gameOver" && over.winners).toEqual(totals.flatMap((t, seat) => (t === top ? [seat] : [])));
      expect(engine.result(states[states.length - 1])).toEqual({ over: true, winners: totals.flatMap((t, seat) => (t === top ? [seat] : [])), scores: totals });
    }
  });
});
