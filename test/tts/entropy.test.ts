/**
 * The table's seed pool (mods/tts/entropy.ts) hashes what the event handlers stir a quarter of a
 * SHA-256 block a frame, never inside the handler: plain-arithmetic SHA-256 costs ~0.7 ms a block
 * in PUC Lua (~18 ms in MoonSharp), and hashing a kilobyte at once made every fourth drop or
 * pick-up take ~14 ms (~320 ms in MoonSharp). The streaming SHA-256 it uses
 * (src/table/commitment.ts) must still be SHA-256, however it is fed and sliced.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Backlog, sha256Digest, sha256Feed, sha256Finish, sha256Hex, sha256Pad, sha256Start, sha256Step } from "../../src/table/commitment";
import { UI_SEED } from "../../src/table/ui-ids";
import { useFakeTables } from "./driver";

describe("streaming SHA-256 (src/table/commitment.ts)", () => {
  it("equals node:crypto whatever the pieces and however many rounds were stepped between them", () => {
    const piece = fc.tuple(fc.string({ unit: "binary-ascii", maxLength: 200 }), fc.array(fc.integer({ min: 1, max: 70 }), { maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const s = sha256Start();
        let all = "";
        for (const [text, steps] of pieces) {
          sha256Feed(s, text);
          all += text;
          for (const rounds of steps) sha256Step(s, rounds);
        }
        const want = createHash("sha256").update(all, "latin1").digest("hex");
        expect(sha256Finish(s)).toBe(want);
        // Finishing leaves the stream as it was: more can be fed and stepped.
        expect(sha256Finish(s)).toBe(want);
        expect(sha256Hex(all)).toBe(want);
        // Padded and stepped to the end, a slice at a time (the table's seed draw).
        sha256Pad(s);
        while (sha256Step(s, 32)) expect(sha256Backlog(s)).toBeGreaterThanOrEqual(0);
        expect(sha256Backlog(s)).toBe(0);
        expect(sha256Digest(s)).toBe(want);
      }),
      { numRuns: 60 },
    );
  });

  it("steps work through one whole block at a time, and only when one waits", () => {
    const s = sha256Start();
    sha256Feed(s, "x".repeat(200));
    expect(sha256Backlog(s)).toBe(200);
    for (const left of [136, 72, 8]) {
      // A block's 64 rounds in four slices: it counts as hashed after the last.
      for (let slice = 0; slice < 3; slice++) {
        expect(sha256Step(s, 16)).toBe(true);
        expect(sha256Backlog(s)).toBe(left + 64);
      }
      expect(sha256Step(s, 16)).toBe(true);
      expect(sha256Backlog(s)).toBe(left);
    }
    expect(sha256Step(s)).toBe(false);
    expect(sha256Backlog(s)).toBe(8);
    expect(sha256Finish(s)).toBe(createHash("sha256").update("x".repeat(200)).digest("hex"));
  });
});

describe("the TTS script's seed pool", () => {
  const fixture = useFakeTables("lunar-trick");

  it("pick-ups and drops only queue what they stir; frames hash it a quarter block at a time", () => {
    const t = fixture.table();
    const backlog = (): number => Number(t.call("return syzygyEntropyBacklog()"));
    const start = backlog();
    expect(start).toBeLessThan(64); // onLoad's stir was hashed in the frames that followed it
    // 40 handler calls in one frame (each stirs the clock, a table address, the colour, a GUID and a position).
    t.call(`local o = getObjects()[1] for i = 1, 20 do onObjectPickUp("White", o) onObjectDrop("White", o) end`);
    const queued = backlog();
    // Nothing was hashed inside the handlers (the old pool hashed whenever 1 KB had gathered).
    expect(queued).toBeGreaterThan(start + 40 * 40);
    for (let frame = 1; frame <= 8; frame++) {
      t.advance(1 / 60);
      expect(backlog()).toBe(queued - 64 * Math.floor(frame / 4));
    }
    t.advance(5);
    expect(backlog()).toBeLessThan(64);
    // The seed drawn at Start is still fresh at every draw.
    t.click("syzygyStart3");
    const first = t.ui(UI_SEED);
    expect(first).toMatch(/^deal commitment [0-9a-f]{32}$/);
    t.click("syzygyStart3");
    t.click("syzygyStart3"); // the second press confirms abandoning the game
    expect(t.ui(UI_SEED)).toMatch(/^deal commitment [0-9a-f]{32}$/);
    expect(t.ui(UI_SEED)).not.toBe(first);
    expect(t.errors()).toEqual([]);
  });
});
