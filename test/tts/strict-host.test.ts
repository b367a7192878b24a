/**
 * The fake host keeps the TTS API's documented timing and physics that the mod must survive
 * (fake-world.lua cites the documentation for each), and the mod keeps hidden cards hidden:
 * a card lifted from the hand for a face-down commit turns face down at once, and a refused
 * card goes back to its own place in the hand row.
 */
import { describe, expect, it } from "vitest";
import { useFakeTables, Mirror, play, tableRefusal, type CardAction, slow } from "./driver";
import type { FakeTts } from "./fake-tts";

const lunar = useFakeTables("lunar-trick");
const solar = useFakeTables("solar-eclipse");

/** GUID of the save's engine deck and two of its cards' GUIDs. */
function deckOf(t: FakeTts): { deck: string; cards: string[] } {
  const deck = t.snapshot().objects.find((o) => o.name === "Deck" && o.contents > 20)!;
  const inner = JSON.parse(t.call(`local out = {} for i, c in ipairs(getObjectFromGUID("${deck.guid}").getObjects()) do out[i] = c.guid end return FAKE.json.encode(out)`));
  return { deck: deck.guid, cards: inner };
}

describe("the strict fake host", () => {
  it("takeObject: the card spawns a frame later (not found by GUID before), then callback_function runs", () => {
    const t = lunar.table();
    const { deck, cards } = deckOf(t);
    const r = t.call(`
      local seen = "none"
      local taken = getObjectFromGUID("${deck}").takeObject({ guid = "${cards[0]}", position = { x = 30, y = 2, z = 30 }, smooth = false,
        callback_function = function(o) seen = o.getGUID() end })
      FAKE.cb = function() return seen end
      return tostring(getObjectFromGUID("${cards[0]}") == nil) .. " " .. tostring(taken.spawning) .. " " .. seen`);
    expect(r).toBe("true true none");
    t.advance(1 / 60);
    expect(t.call(`return FAKE.cb() .. " " .. tostring(getObjectFromGUID("${cards[0]}") ~= nil)`)).toBe(`${cards[0]} true`);
  });

  it("taking the second-last card destroys the deck; the remainder spawns a frame after the taken card", () => {
    const t = lunar.table();
    const { deck, cards } = deckOf(t);
    // Empty the deck down to two cards (each take spawns later; nothing waits for them here).
    t.call(`local d = getObjectFromGUID("${deck}") for i = 3, ${cards.length} do d.takeObject({ guid = d.getObjects()[3].guid, position = { x = 40, y = 2, z = i }, smooth = false }) end`);
    const r = t.call(`
      local d = getObjectFromGUID("${deck}")
      d.takeObject({ guid = "${cards[0]}", position = { x = 30, y = 2, z = 30 }, smooth = false })
      local rest = d.remainder
      return tostring(d.isDestroyed()) .. " " .. rest.getGUID() .. " " .. tostring(getObjectFromGUID("${cards[1]}") == nil)`);
    expect(r).toBe(`true ${cards[1]} true`);
    t.advance(1 / 60);
    expect(t.call(`return tostring(getObjectFromGUID("${cards[0]}") ~= nil) .. " " .. tostring(getObjectFromGUID("${cards[1]}") == nil)`)).toBe("true true");
    t.advance(1 / 60);
    expect(t.call(`return tostring(getObjectFromGUID("${cards[1]}") ~= nil)`)).toBe("true");
  });

  it("a card dropped onto a loose card merges into a Deck holding both, unless tryObjectEnterContainer refuses", () => {
    const t = lunar.table();
    t.startSeeded(3, "merge-1");
    const hand = t.hand("White");
    expect(t.drop("White", hand[0], 30, 0)).toBe("dropped");
    expect(t.drop("White", hand[1], 30, 0.5)).toBe("dropped");
    const deck = t.snapshot().objects.find((o) => o.name === "Deck" && o.inner.includes(hand[0]))!;
    expect(deck.inner.slice().sort()).toEqual([hand[0], hand[1]].sort());
    t.call("tryObjectEnterContainer = function() return false end");
    expect(t.drop("White", hand[2], 30, 10)).toBe("dropped");
    expect(t.drop("White", hand[3], 30, 10.5)).toBe("dropped");
    expect(t.snapshot().objects.filter((o) => o.note === hand[2] || o.note === hand[3]).length).toBe(2);
  });

  it("a card taken out of a deck that spawns lying on a loose card enters it a frame later (a new Deck)", () => {
    const t = lunar.table();
    t.startSeeded(3, "spawn-merge");
    const loose = t.hand("White")[0];
    t.drop("White", loose, 30, 0);
    const deck = t.snapshot().objects.find((o) => o.name === "Deck" && o.contents >= 2)!;
    const inner = deck.inner[0];
    t.call(`local d = getObjectFromGUID("${deck.guid}") for _, c in ipairs(d.getObjects()) do if c.memo == "${inner}" then
      d.takeObject({ guid = c.guid, position = { x = 30, y = 2, z = 0.3 }, smooth = false }) end end`);
    t.advance(3 / 60);
    const merged = t.snapshot().objects.find((o) => o.name === "Deck" && o.inner.includes(loose))!;
    expect(merged.inner.slice().sort()).toEqual([inner, loose].sort());
  });

  it("onObjectEnterZone / onObjectLeaveZone fire when a card crosses the play zone", () => {
    const t = lunar.table();
    t.startSeeded(3, "zone-1");
    t.call(`FAKE.zoneLog = {} onObjectEnterZone = function(z, o) FAKE.zoneLog[#FAKE.zoneLog + 1] = "enter " .. z.memo end
      onObjectLeaveZone = function(z, o) FAKE.zoneLog[#FAKE.zoneLog + 1] = "leave " .. z.memo end`);
    const card = t.hand("White")[0];
    t.drop("White", card, 30, 0); // off the play zone: nothing
    t.drop("White", card, 0, 0); // into it: the script plays it (a commit), moving it to its slot inside the zone
    expect(JSON.parse(t.call("return FAKE.json.encode(FAKE.zoneLog)"))).toEqual(["enter zone/play"]);
  });

  it("locked only freezes physics (TTS: \"preventing physics interactions\"): players flip and lift a locked board unless onPlayerAction refuses — and the script refuses", () => {
    const board = (t: FakeTts): string =>
      t.call(`for _, g in ipairs(FAKE.order) do local o = FAKE.objects[g] if o.name == "Custom_Board" and o.locked then return o.memo end end return ""`);
    const bare = lunar.table();
    const note = board(bare);
    expect(note).not.toBe("");
    // Without the script's handler the host lets a player act on a locked object.
    bare.call("onPlayerAction = nil");
    expect(bare.call(`return FAKE.flip("White", ${JSON.stringify(note)})`)).toBe("flipped");
    expect(bare.call(`return FAKE.pickUp("White", ${JSON.stringify(note)})`)).toBe("held");
    // With it, every action on a locked object is refused (mods/tts/table.ts guarded).
    const t = lunar.table();
    expect(t.call(`return FAKE.flip("White", ${JSON.stringify(note)})`)).toBe("refused");
    expect(t.call(`return FAKE.pickUp("White", ${JSON.stringify(note)})`)).toBe("refused");
    expect(t.errors()).toEqual([]);
  });

  it("Turns takes only its documented members, each of its documented type", () => {
    const t = lunar.table();
    t.call(`Turns.enable = true Turns.type = 2 Turns.order = { "White", "Yellow" } Turns.turn_color = "Yellow"`);
    expect(t.call(`return tostring(Turns.enable) .. " " .. Turns.turn_color`)).toBe("true Yellow");
    expect(t.errors()).toEqual([]);
    t.call(`Turns.enabled = false Turns.turn_color = 2 Turns.type = 3`);
    expect(t.errors().join("\n")).toMatch(/Turns\.enabled = false[\s\S]*Turns\.turn_color = 2[\s\S]*Turns\.type must be 1 or 2/);
    expect(t.call(`return tostring(Turns.enable) .. " " .. Turns.turn_color .. " " .. tostring(Turns.enabled)`)).toBe("true Yellow nil");
  });

  it("attributes set before the XmlUI has loaded are replaced by the XmlUI's own", () => {
    const t = lunar.table();
    t.call(`UI.loading = true FAKE.schedule(function() UI.loading = false FAKE.ui = {} end, FAKE.clock + 1 / 30)`);
    t.call(`UI.setAttribute("syzygy-start", "active", "false")`);
    t.advance(0.1);
    expect(t.ui("syzygy-start", "active")).toBeUndefined();
  });
});

describe("a deal that cannot come up short", () => {
  for (const players of [3, 4]) {
    it(`${players} players: spawns that land elsewhere or are knocked out of the hand are sent again; every hand is full`, () => {
      const t = lunar.table();
      t.call("FAKE.trouble.stray = 3 FAKE.trouble.nudge = 3");
      t.startSeeded(players, `trouble-${players}`);
      t.advance(6);
      const m = new Mirror("lunar-trick", players, `trouble-${players}`);
      for (let s = 0; s < players; s++) expect(t.hand(m.colors[s])).toEqual(m.hand(s));
      expect(t.call("return FAKE.trouble.stray + FAKE.trouble.nudge")).toBe("0");
      expect(t.messages().filter((x) => x.text.includes("did not reach"))).toEqual([]);
    });
  }

  it("a card that never arrives is reported to everyone with what to do", () => {
    const t = lunar.table();
    t.call("FAKE.trouble.lose = 1");
    t.startSeeded(3, "trouble-lost");
    t.advance(20);
    const said = t.messages().map((x) => x.text).filter((x) => x.includes("did not reach"));
    expect(said.length).toBe(1);
    expect(said[0]).toMatch(/^Some cards did not reach their hands \((White|Red|Blue) holds 9 of 10\); press Start to deal again\.$/);
  });
});

describe("hidden information at the table", () => {
  it("LT-2: a card picked up from the hand during the face-down commit turns face down at once", () => {
    const t = lunar.table();
    t.startSeeded(3, "hide-1");
    const m = new Mirror("lunar-trick", 3, "hide-1");
    const { seat, action } = m.next();
    const color = m.colors[seat];
    expect(t.pickUp(color, action.card)).toBe("held");
    expect(t.snapshot().objects.find((o) => o.note === action.card)!.down).toBe(true);
    t.release(color, 0, 0);
    t.settle();
    expect(t.snapshot().objects.find((o) => o.note === action.card)).toMatchObject({ down: true, locked: true });
  });

  it("after the commit, cards picked up to play a trick stay face up", () => {
    const t = lunar.table();
    t.startSeeded(3, "hide-2");
    const m = new Mirror("lunar-trick", 3, "hide-2");
    play(t, m, 3);
    const { seat, action } = m.next();
    t.pickUp(m.colors[seat], action.card);
    expect(t.snapshot().objects.find((o) => o.note === action.card)!.down).toBe(false);
    t.release(m.colors[seat], 0, 0);
  });

  it("SE-7: a second card picked up after a Moon lead turns face down at once", () => {
    const t = solar.table();
    const seed = "hide-se";
    t.startSeeded(2, seed);
    const m = new Mirror("solar-eclipse", 2, seed);
    let checked = 0;
    while (!m.over() && checked < 2) {
      if (m.state.phase === "secondCards" && m.state.faceDown) {
        const { seat, action } = m.next();
        t.pickUp(m.colors[seat], action.card);
        expect(t.snapshot().objects.find((o) => o.note === action.card)!.down).toBe(true);
        t.release(m.colors[seat], 0, 0);
        t.settle();
        m.apply(seat, action);
        if (m.events.some((e) => e.type === "trick")) t.advance(2);
        checked++;
      } else play(t, m, 1);
    }
    expect(checked).toBeGreaterThan(0);
  }, slow(60_000));

  it("only the refused card goes back, to its own place in the hand row; the rest of the row stays", () => {
    const t = lunar.table();
    t.startSeeded(3, "inplace-1");
    const m = new Mirror("lunar-trick", 3, "inplace-1");
    play(t, m, 3);
    let done = false;
    for (let step = 0; step < 30 && !done; step++) {
      const { seat } = m.next();
      const bad = m.illegalFor(seat);
      if (bad !== undefined) {
        const color = m.colors[seat];
        const row = t.handRow(color);
        const others = Object.fromEntries(Object.entries(t.hands()).filter(([c]) => c !== color));
        t.messages();
        t.drop(color, bad.card);
        expect(t.messages()).toContainEqual({ kind: "broadcast", to: color, text: tableRefusal(m, bad) });
        expect(t.handRow(color)).toEqual(row);
        expect(Object.fromEntries(Object.entries(t.hands()).filter(([c]) => c !== color))).toEqual(others);
        done = true;
      } else play(t, m, 1);
    }
    expect(done).toBe(true);
  });
});

describe("Eclipsed melds laid out on the table", () => {
  const eclipsed = useFakeTables("eclipsed");

  it("meld cards dropped onto each other become a deck and are declared from it; a refused meld's cards return, the rest of the hand stays", () => {
    const t = eclipsed.table();
    t.startSeeded(2, "stack-1");
    const m = new Mirror("eclipsed", 2, "stack-1", "greedy");
    let merged = 0;
    let refusedChecked = false;
    play(t, m, 200, (_seat, action) => {
      if (action.type === "meld") merged = t.snapshot().merges;
    });
    expect(merged).toBeGreaterThan(0);
    // A meld of two unrelated cards is refused: the two come back, the other cards keep their places.
    const t2 = eclipsed.table();
    t2.startSeeded(2, "stack-2");
    const m2 = new Mirror("eclipsed", 2, "stack-2");
    while (m2.state.phase !== "play") play(t2, m2, 1);
    const seat = m2.game.active(m2.state)[0];
    const color = m2.colors[seat];
    const hand = m2.hand(seat);
    for (let i = 0; i < hand.length && !refusedChecked; i++) {
      for (let j = i + 1; j < hand.length && !refusedChecked; j++) {
        const r = m2.game.apply(m2.state, seat, { type: "meld", cards: [hand[i], hand[j]] } as unknown as CardAction);
        if (r.ok) continue;
        const rest = t2.handRow(color).filter((c) => c !== hand[i] && c !== hand[j]);
        t2.messages();
        const stage = t2.call(`for _, o in ipairs(getObjects()) do if o.memo == "zone/meld-stage/${color}" then local p = o.getPosition() return p.x .. "," .. p.z end end return "0,0"`).split(",").map(Number);
        t2.drop(color, hand[i], stage[0], stage[1]);
        t2.drop(color, hand[j], stage[0] + 0.5, stage[1]);
        t2.click("syzygy_meld", color);
        expect(t2.messages()).toContainEqual({ kind: "broadcast", to: color, text: tableRefusal(m2, r) });
        expect(t2.hand(color)).toEqual(m2.hand(seat));
        expect(t2.handRow(color).filter((c) => c !== hand[i] && c !== hand[j])).toEqual(rest);
        refusedChecked = true;
      }
    }
    expect(refusedChecked).toBe(true);
    expect(t2.errors()).toEqual([]);
  }, slow(120_000));
});
