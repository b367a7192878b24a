/** Eclipsed melds: classification tables (EC-17, EC-18, EC-19), per-meld values (EC-29) and `syzygy meld`. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { classifyIds, candidateMelds } from "../src/engine/eclipsed/meld";
import { main } from "../src/cli";
import { value } from "./eclipsed-helpers";

const ok = (ids: string[], high = false) => {
  const c = classifyIds(ids, high);
  return c.ok ? `${c.type} ${c.base}` : `invalid`;
};
const reason = (ids: string[], high = false) => {
  const c = classifyIds(ids, high);
  return c.ok ? "" : c.reason;
};

describe("meld classification (rulebook tables)", () => {
  it.each([
    [["solar-7", "arc-7"], "pair 1"],
    [["void-7", "stasis-7"], "pair 1"],
    [["solar-7", "arc-7", "void-7"], "triad 3"],
    [["solar-7", "arc-7", "void-7", "stasis-7"], "full-element 8"],
    [["solar-11", "arc-11", "void-11"], "court-set 15"],
    [["solar-13", "arc-13", "void-13", "stasis-13"], "court-set 20"],
    [["solar-12", "void-12"], "invalid"],
    [["solar-12", "arc-12"], "pair 1"],
    [["solar-4", "solar-5", "solar-6"], "pure-run 3"],
    [["solar-4", "arc-5", "solar-6", "arc-7"], "radiant-run 4"],
    [["void-4", "stasis-5", "void-6"], "resonant-run 3"],
    [["solar-4", "void-5", "solar-6", "arc-7"], "cross-align-run 3"],
    [["solar-11", "void-12", "arc-13"], "court-run 6"],
    [["solar-11", "solar-12", "solar-13"], "court-run 6"],
    [["solar-4", "arc-5", "void-6", "stasis-7", "solar-8"], "transcendent-run 15"],
    [["solar-4", "arc-5", "void-6", "stasis-7"], "cross-align-run 3"],
  ])("%j → %s", (ids, expected) => {
    expect(ok(ids)).toBe(expected);
  });

  it("EC-18: a pair needs the same alignment; a meld scores only its single best classification", () => {
    expect(reason(["solar-9", "stasis-9"])).toContain("same alignment");
    // 3 Scouts are a triad (3) and a court set (15): the court set wins
    expect(ok(["solar-11", "arc-11", "stasis-11"])).toBe("court-set 15");
    // one-suit 11-12-13 is a pure run (3) and a court run (6): the court run wins
    expect(ok(["void-11", "void-12", "void-13"])).toBe("court-run 6");
  });

  it("EC-18: runs need 3+ consecutive ranks, no repeats, no wrap", () => {
    expect(reason(["solar-4", "solar-5"])).toContain("");
    expect(ok(["solar-4", "solar-5"])).toBe("invalid");
    expect(reason(["solar-4", "solar-6", "solar-7"])).toContain("not consecutive");
    expect(reason(["solar-4", "arc-4", "solar-5"])).toContain("repeat");
    expect(reason(["solar-12", "solar-13", "solar-2"])).toContain("not consecutive");
    expect(reason(["solar-4"])).toContain("at least 2");
    expect(reason(["solar-4", "solar-4"])).toContain("twice");
  });

  it("EC-17: cross-align runs are legal at −1 (min 1); a Scout cancels the −1", () => {
    expect(ok(["solar-9", "void-10", "arc-11"])).toBe("cross-align-run 3");
    expect(ok(["solar-8", "void-9", "arc-10"])).toBe("cross-align-run 2");
    expect(ok(["stasis-1", "solar-2", "arc-3"])).toBe("cross-align-run 2");
  });

  it("EC-19: Traveler low (T-2-3) or high (Sage-Warden-T), never Warden-T-2", () => {
    expect(ok(["solar-1", "solar-2", "solar-3"])).toBe("pure-run 3");
    expect(ok(["solar-12", "solar-13", "solar-1"], true)).toBe("pure-run 3");
    expect(ok(["solar-12", "solar-13", "solar-1"], false)).toBe("invalid");
    expect(reason(["solar-12", "solar-13", "solar-1"], false)).toContain("declare it high");
    expect(ok(["solar-13", "solar-1", "solar-2"], false)).toBe("invalid");
    expect(ok(["solar-13", "solar-1", "solar-2"], true)).toBe("invalid");
    expect(ok(["solar-1", "solar-2", "solar-3"], true)).toBe("invalid");
    // sets of Travelers do not depend on high/low
    expect(ok(["solar-1", "arc-1"], true)).toBe("pair 1");
  });

  it("candidateMelds lists exactly the valid melds inside a hand", () => {
    const hand = ["solar-1", "solar-2", "solar-3", "arc-3", "arc-12", "arc-13", "void-11", "stasis-9", "stasis-3"];
    const found = candidateMelds(hand);
    // brute force over all subsets
    const expected: string[] = [];
    for (let mask = 1; mask < 1 << hand.length; mask++) {
      const pick = hand.filter((_, i) => (mask >> i) & 1);
      for (const high of [false, true]) {
        const c = classifyIds(pick, high);
        if (!c.ok) continue;
        const hasT = pick.some((id) => id.endsWith("-1"));
        if (high && (!hasT || c.kind === "set")) continue;
        if (!high && hasT && c.kind === "run" && classifyIds(pick, true).ok) continue;
        expected.push([...pick].sort().join(",") + (high ? "^" : ""));
      }
    }
    const got = found.map((m) => [...m.cards].sort().join(",") + (m.travelerHigh ? "^" : ""));
    expect([...new Set(got)].sort()).toEqual([...new Set(expected)].sort());
    expect(got.length).toBe(new Set(got).size);
    expect(got).toContain("arc-12,arc-13,solar-1^");
  });
});

describe("per-meld valuation steps (EC-29)", () => {
  it("records every step in order", () => {
    const v = value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-3"] });
    expect(v.steps.map((s) => s.step)).toEqual(["classify", "void-arc", "edict-bonus", "sage-double", "meter", "court-penalty", "warden-floor"]);
    expect(v.steps.map((s) => s.value)).toEqual([3, 3, 6, 6, 6, 6, 6]);
  });

  it("EC-29 worked example: bonuses, Sage ×2, meter +2, ◉Sage −2 per court, Warden floor", () => {
    // run ☀10-Scout-Sage under ☀4 and ☀2 at Light 3 with ◉Sage: 3 → +6 → Sage ×2 → +2 per Light bonus → −2 per court
    const v = value(["solar-10", "solar-11", "solar-12"], { edicts: ["solar-4", "void-12", "solar-2"], meter: 3 });
    expect(v.steps.map((s) => s.value)).toEqual([3, 3, 9, 15, 19, 15, 15]);
  });
});

describe("syzygy meld", () => {
  let out = "";
  let err = "";
  beforeEach(() => {
    out = "";
    err = "";
    vi.spyOn(process.stdout, "write").mockImplementation((s) => {
      out += String(s);
      return true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation((s) => {
      err += String(s);
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("prints the best classification and the per-meld steps as JSON", async () => {
    const code = await main(["meld", "solar-4", "solar-5", "solar-6", "--edicts", "solar-3,arc-12", "--meter", "3", "--json"]);
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r).toMatchObject({ ok: true, type: "pure-run", base: 3, value: 8, burned: false });
    expect(r.steps.map((s: { step: string; value: number }) => [s.step, s.value])).toEqual([
      ["classify", 3],
      ["void-arc", 3],
      ["edict-bonus", 6],
      ["sage-double", 6],
      ["meter", 8],
      ["court-penalty", 8],
      ["warden-floor", 8],
    ]);
  });

  it("shows the steps as text, burned melds included", async () => {
    expect(await main(["meld", "void-4", "void-5", "void-6", "--edicts", "void-3"])).toBe(0);
    expect(out).toContain("Pure run (pure-run)");
    expect(out).toContain("burned");
    expect(out).toContain("value 0");
  });

  it("honours --traveler-high (EC-19)", async () => {
    expect(await main(["meld", "arc-12", "arc-13", "arc-1", "--traveler-high", "--json"])).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ ok: true, type: "pure-run", value: 3 });
  });

  it("an invalid meld exits 1 with {ok:false, reason}", async () => {
    expect(await main(["meld", "solar-9", "stasis-9", "--json"])).toBe(1);
    expect(JSON.parse(out)).toEqual({ ok: false, reason: "a pair needs two cards of the same alignment (EC-18)" });
    expect(err).toContain("not a meld");
  });

  it("an unknown card id is a usage error (exit 2) with a did-you-mean", async () => {
    expect(await main(["meld", "solr-4", "solar-5", "solar-6"])).toBe(2);
    expect(err).toContain('unknown card "solr-4"');
    expect(err).toContain("Did you mean solar-4");
    expect(await main(["meld", "solar-4", "solar-5", "solar-6", "--edicts", "void-33"])).toBe(2);
    expect(err).toContain("--edicts");
    expect(await main(["meld", "solar-4", "solar-5", "solar-6", "--meter", "5"])).toBe(2);
    expect(await main(["meld", "solar-4", "solar-5", "solar-6", "--edicts", "solar-4"])).toBe(2);
  });
});
