/**
 * The trick kit (src/engine/kit): bidding public in turn and secret at once, round schedules,
 * dealer rotation, winners by total and the table's announcements — the pieces the shipped
 * engines and the template `syzygy new --engine` copies share.
 */
import { describe, expect, it } from "vitest";
import { allBid, bidChoices, bidProblem, exactBidBonus, NO_BID, openPublicBids, openSecretBids, placePublicBid, secretBidders, secretBidsDone } from "../src/engine/kit/bidding";
import { afterDealer, firstDealer, leaders, nextDealer, topTotal, upAndDown } from "../src/engine/kit/rounds";
import { rngFromSeed, rngInt } from "../src/engine/core/rng";
import { bidLine, bidRoundLine, gameOverLine, seatNames } from "../src/engine/kit/announce";
import { commitSet } from "../src/engine/core/commits";

describe("bidding", () => {
  it("public bids go clockwise from the first bidder, each seat once, and end when all have bid", () => {
    let b = openPublicBids(4, 2);
    expect(b).toEqual({ bids: [NO_BID, NO_BID, NO_BID, NO_BID], turn: 2 });
    const order: number[] = [];
    while (!allBid(b.bids)) {
      order.push(b.turn);
      b = placePublicBid(b, b.turn, order.length - 1);
    }
    expect(order).toEqual([2, 3, 0, 1]);
    expect(b).toEqual({ bids: [2, 3, 0, 1], turn: -1 });
  });

  it("a bid of 0 counts as made (0 is a bid, NO_BID is not)", () => {
    const b = placePublicBid(openPublicBids(2, 0), 0, 0);
    expect(b.bids).toEqual([0, NO_BID]);
    expect(b.turn).toBe(1);
    expect(allBid(placePublicBid(b, 1, 0).bids)).toBe(true);
  });

  it("a hand of n cards bids 0 to n tricks; anything else is refused under the game's rule", () => {
    expect(bidChoices(3)).toEqual([0, 1, 2, 3]);
    expect(bidProblem(3, 3, "X-3")).toBeUndefined();
    for (const bad of [4, -1, 1.5, "2", undefined]) expect(bidProblem(bad, 3, "X-3")).toEqual({ rule: "X-3", message: "bid a whole number of tricks from 0 to 3" });
  });

  it("secret bids: every seat at once, done when the last has chosen", () => {
    let box = openSecretBids(3);
    expect(box.values).toEqual([NO_BID, NO_BID, NO_BID]);
    expect(secretBidders(box)).toEqual([0, 1, 2]);
    box = commitSet(commitSet(box, 2, 1), 0, 0);
    expect(secretBidders(box)).toEqual([1]);
    expect(secretBidsDone(box)).toBe(false);
    expect(secretBidsDone(commitSet(box, 1, 2))).toBe(true);
  });

  it("an exact bid earns the bonus, a miss either way none", () => {
    expect(exactBidBonus([2, 0, 1], [2, 1, 0], 10)).toEqual([10, 0, 0]);
  });
});

describe("rounds", () => {
  it("hands 1…N…1", () => {
    expect(upAndDown(1)).toEqual([1]);
    expect(upAndDown(4)).toEqual([1, 2, 3, 4, 3, 2, 1]);
  });

  it("the first dealer: the config's seat, or one drawn from the game's generator (the same draw as rngInt)", () => {
    expect(firstDealer(2, 4, rngFromSeed("d"))).toBe(2);
    const a = rngFromSeed("d");
    const b = rngFromSeed("d");
    expect(firstDealer(-1, 4, a)).toBe(rngInt(b, 4));
    expect(a).toEqual(b);
  });

  it("the deal passes clockwise; the seat after the dealer wraps round", () => {
    expect(nextDealer(0, 3)).toBe(1);
    expect(nextDealer(2, 3)).toBe(0);
    expect(afterDealer(3, 4)).toBe(0);
  });

  it("winners by total: the highest, shared on a tie, negative totals too", () => {
    expect(leaders([3, 7, 7, 1])).toEqual([1, 2]);
    expect(leaders([-5, -2, -9])).toEqual([1]);
    expect(topTotal([-5, -2, -9])).toBe(-2);
  });
});

describe("announcements", () => {
  const colors = ["White", "Red", "Blue"];
  it("name seats by colour", () => {
    expect(seatNames([2, 0], colors)).toBe("Blue, White");
    expect(gameOverLine([1, 2], colors)).toBe("Game over — winner: Red, Blue.");
    expect(bidLine(0, 1, colors)).toBe("White bids 1 trick.");
    expect(bidLine(1, 0, colors)).toBe("Red bids 0 tricks.");
    expect(bidRoundLine(2, "X-9", [1, 0], [1, 2], [11, 2], colors)).toBe("Round 2 scored (X-9): White bid 1, took 1 → 11 pts; Red bid 0, took 2 → 2 pts.");
  });
});
