/**
 * Whole games played by people at the fake table under a timing model (./timing.ts): every seat
 * human, an illegal drop before each legal move (refused with the table's sentence, the card back
 * in its owner's hand), the game's own gestures (drops and buttons, ./table-driver.ts `perform`),
 * and a save/load mid-game. After every move the table must agree with the engine and nobody may
 * be stuck: each card in a hand can be lifted by its owner, and no face-down card outside a hand
 * or a won pile can be lifted by anyone. Names no game.
 */
import { findDefinition } from "../../src/games/index";
import type { SaveJson, Snapshot } from "./fake-tts";
import { FakeTts } from "./fake-tts";
import { Mirror, perform, tableRefusal, type CardAction } from "./table-driver";
import type { Timing } from "./timing";

/** Engine deck cards only (pieces such as bid cards are "component/item"). */
const deckCards = (notes: string[]): string[] => notes.filter((n) => !n.includes("/"));

/** A card of `seat`'s hand that the adapter's drop would make an illegal move, with the refusal. */
export function illegalDrop(m: Mirror, seat: number): { card: string; rule: string; message: string } | undefined {
  const rules = findDefinition(m.game.id)!.table;
  for (const card of m.hand(seat)) {
    const r = m.game.apply(m.state, seat, rules.dropAction(m.game, m.state, seat, card));
    if (!r.ok) return { card, rule: r.rule, message: r.message };
  }
  return undefined;
}

/** Why the table is wrong for a person now ("" when it is right): hands, lifting, hidden piles. */
export function stuckProblem(snap: Snapshot, m: Mirror): string {
  const won = new Set(findDefinition(m.game.id)!.table.won(m.game, m.state, m.players).flat());
  const problems: string[] = [];
  for (let s = 0; s < m.players; s++) {
    const color = m.colors[s];
    const held = deckCards(snap.objects.filter((o) => o.hand === color && o.name === "Card").map((o) => o.note)).sort();
    if (held.join() !== m.hand(s).join()) problems.push(`${color} holds [${held}] but the engine says [${m.hand(s)}]`);
  }
  for (const o of snap.objects) {
    if (o.hand !== "" && !o.interactable) problems.push(`${o.note} in ${o.hand}'s hand cannot be lifted`);
    const hiddenCard = o.name === "Card" && o.down && o.hand === "" && !won.has(o.note) && !o.note.includes("/");
    if ((hiddenCard || (o.name === "Deck" && o.down)) && o.interactable) problems.push(`face-down ${o.name} ${o.note || o.inner.join(",")} can be lifted`);
  }
  if (snap.spawning !== 0) problems.push(`${snap.spawning} objects still spawning`);
  return problems.join("; ");
}

export interface PeopleRun {
  /** Moves made, illegal drops refused, and the table's emulator errors. */
  moves: number;
  refused: number;
  /** Decks' last cards (spawned in the deck's place) that the script dealt into a hand. */
  remaindersDealt: number;
  errors: string[];
}

/**
 * Plays `game` with `players` people to the end under `timing`, saving and loading after move
 * `saveAt`. Throws at the first move where the table is wrong or a person is stuck.
 */
export function playWithPeople(save: SaveJson, game: string, players: number, seed: string, timing: Timing, saveAt: number): PeopleRun {
  let t = new FakeTts(save, { timing });
  const open = [t];
  try {
    if (t.startSeeded(players, seed) !== "") throw new Error("Start refused");
    const m = new Mirror(game, players, seed);
    let refused = 0;
    const dealtRemainders = new Set<string>();
    const check = (when: string): void => {
      const remainders = JSON.parse(t.call("return FAKE.json.encode(FAKE.remainders)")) as string[];
      const snap = t.snapshot();
      for (const o of snap.objects) if (o.hand !== "" && remainders.includes(o.guid)) dealtRemainders.add(o.guid);
      const problem = stuckProblem(snap, m);
      if (problem !== "") throw new Error(`${game} ${players}p seed ${seed}, ${when}: ${problem}`);
    };
    check("after the deal");
    while (!m.over()) {
      const { seat, action } = m.next();
      const color = m.colors[seat];
      const bad = illegalDrop(m, seat);
      if (bad !== undefined) {
        t.messages();
        const outcome = t.drop(color, bad.card);
        if (outcome !== "dropped") throw new Error(`move ${m.actions.length}: ${color} cannot lift ${bad.card}: ${outcome}`);
        const told = t.messages().filter((x) => x.to === color).map((x) => x.text);
        const want = tableRefusal(m, bad);
        if (!told.includes(want)) throw new Error(`move ${m.actions.length}: ${color} was told ${JSON.stringify(told)}, not ${JSON.stringify(want)}`);
        refused++;
        check(`after ${color}'s illegal ${bad.card} (move ${m.actions.length})`);
      }
      perform(t, m, seat, action as CardAction);
      const events = m.apply(seat, action as CardAction);
      // A finished trick or round waits on the table, then is collected.
      t.advance(events.length > 0 ? 3 : 0.2);
      check(`after move ${m.actions.length} (${color} ${action.type})`);
      if (m.actions.length === saveAt) {
        const saved = t.saveGame();
        t = new FakeTts(saved, { timing });
        open.push(t);
        check(`after loading the save of move ${saveAt}`);
      }
    }
    return { moves: m.actions.length, refused, remaindersDealt: dealtRemainders.size, errors: t.errors() };
  } finally {
    for (const x of open) x.close();
  }
}
