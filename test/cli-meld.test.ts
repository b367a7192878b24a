/** `syzygy meld` input checks (issue 18): at most 5 Edicts (EC-1), a written meter value. */
import { afterEach, describe, expect, it } from "vitest";
import { run } from "./cli-support";

afterEach(() => {
  process.exitCode = undefined;
});

const RUN = ["meld", "solar-4", "solar-5", "solar-6"];

describe("syzygy meld input", () => {
  it("EC-1: 7 Edicts are refused (1 fate card + 1 per player, 2–4 players: at most 5)", async () => {
    const seven = await run(...RUN, "--edicts", "solar-3,arc-3,void-3,stasis-3,solar-2,arc-2,void-2");
    expect(seven.code).toBe(2);
    expect(seven.out).toBe("");
    expect(seven.err).toBe("syzygy meld: --edicts names 7 cards; a round has at most 5 Edicts (EC-1: 1 fate card + 1 per player, 2–4 players)\n");
    const five = await run(...RUN, "--edicts", "solar-3,arc-3,void-3,stasis-3,solar-2", "--json");
    expect(five.code).toBe(0);
    expect(JSON.parse(five.out).ok).toBe(true);
  });

  it.each(["", " ", "x", "1.5", "0x1", "4", "-4", "1e0"])("--meter %j is a usage error, not a position", async (meter) => {
    const r = await run(...RUN, "--meter", meter);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`syzygy meld: --meter must be an integer from -3 (Dark) to 3 (Light), got "${meter}"\n`);
  });

  it("a written meter still works, signs and spaces included", async () => {
    for (const meter of ["-3", "+3", " 2 ", "0"]) expect((await run(...RUN, "--meter", meter)).code).toBe(0);
  });
});
