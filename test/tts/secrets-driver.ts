/**
 * Driver helpers for the secrecy tests (test/tts/secrets.test.ts): what a player can read at the
 * table, and the player actions that could expose a hidden card (search, peek, flip, pick up),
 * all through the fake host's documented emulation (test/tts/fake-world.lua).
 */
import type { FakeTts, Message } from "./fake-tts";

/** A player tries `how` on the object or pile holding `note`: the notes they read, or why not. */
export function tryRead(t: FakeTts, color: string, how: "search" | "peek", note: string): { seen?: string[]; refused?: string } {
  return JSON.parse(t.call(`return FAKE.${how}(${JSON.stringify(color)}, ${JSON.stringify(note)})`)) as { seen?: string[]; refused?: string };
}

/**
 * `tryRead`, and whether the table then told everyone that this player searched or peeked (what
 * the script does, as it cannot refuse either: docs/tts.md, "Hidden piles"). Takes the table's pending
 * messages (FakeTts.messages): read them before.
 */
export function tryReadTold(t: FakeTts, color: string, how: "search" | "peek", note: string): { seen?: string[]; refused?: string; told: boolean } {
  t.messages();
  const r = tryRead(t, color, how, note);
  const told = t.messages().some((m) => m.kind === "broadcast" && m.to === "all" && m.text.startsWith(`${color} `));
  return { ...r, told };
}

/** A player tries to flip the object or pile holding `note` where it lies. */
export function tryFlip(t: FakeTts, color: string, note: string): string {
  return t.call(`return FAKE.flip(${JSON.stringify(color)}, ${JSON.stringify(note)})`);
}

/** Presses Start for `players` players with `bots` bot seats (the Start panel's buttons). */
export function pressStart(t: FakeTts, players: number, bots = 0): void {
  for (let i = 0; i < bots; i++) t.click("syzygyBots");
  t.click(`syzygyStart${players}`);
}

/** The seed the table keeps (from its save: the host's file, not something players read). */
export function savedSeed(t: FakeTts): string {
  return (JSON.parse(t.call("return syzygySaveText()")) as { seed: string }).seed;
}

/** Every HUD text (the XmlUI is the same for every player). */
export function hudTexts(t: FakeTts): string[] {
  const out: string[] = [];
  for (const attrs of Object.values(t.snapshot().ui)) if (attrs.value !== undefined) out.push(attrs.value);
  return out;
}

/** What the player at `color` reads of `messages`: theirs, everyone's, and the host's log. */
export function readableBy(messages: Message[], color: string): string[] {
  return messages.filter((m) => m.to === "all" || m.to === color || m.to === "log").map((m) => m.text);
}

/**
 * The log `color` gets from Print replay log (the HUD button calls syzygyReplayLog with the
 * player). Take the pending messages first: this consumes them.
 */
export function printedLog(t: FakeTts, color: string): string {
  t.call(`syzygyReplayLog(Player[${JSON.stringify(color)}])`);
  const mine = t.messages().filter((m) => m.to === color && m.kind === "print");
  return mine.length > 0 ? mine[mine.length - 1].text : "";
}

/** True when `text` names `word` as a whole token (ids and names are runs of letters, digits, dashes). */
export function mentions(text: string, word: string): boolean {
  let at = text.indexOf(word);
  while (at >= 0) {
    const before = at === 0 ? "" : text[at - 1];
    const after = text[at + word.length] ?? "";
    if (!/[A-Za-z0-9-]/.test(before) && !/[A-Za-z0-9-]/.test(after)) return true;
    at = text.indexOf(word, at + 1);
  }
  return false;
}
