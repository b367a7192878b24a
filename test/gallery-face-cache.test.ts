/**
 * The gallery's thumbnail-size face cache stays within its byte budget (issue 28: a 2000-card
 * deck's faces held 53 MB through the build), dropping faces no page still needs first.
 */
import { describe, expect, it } from "vitest";
import { FaceCache } from "../src/gallery/face-cache";

describe("FaceCache", () => {
  it("never holds more than its budget after a trim, however many faces go in", () => {
    const cache = new FaceCache<number>(100);
    for (let i = 0; i < 1000; i++) {
      cache.set(`f${i}`, i, 7 + (i % 13));
      cache.trim();
      expect(cache.bytes).toBeLessThanOrEqual(100);
    }
    // The most recent faces are the ones kept.
    expect(cache.get("f999")).toBe(999);
    expect(cache.get("f0")).toBeUndefined();
  });

  it("drops faces no page needs before older ones that a page still needs, and counts a read as a use", () => {
    const cache = new FaceCache<string>(30);
    for (const k of ["a", "b", "c", "d"]) cache.set(k, k, 10);
    cache.get("a"); // a is now the most recent: b is the oldest
    cache.trim((k) => k === "b" || k === "c");
    expect(cache.keys().sort()).toEqual(["a", "b", "c"]);
    expect(cache.bytes).toBe(30);
    cache.set("e", "e", 10);
    // Every face is needed: the least recently used goes.
    cache.trim(() => true);
    expect(cache.keys()).toEqual(["c", "a", "e"]);
    cache.set("c", "c2", 25);
    cache.trim(() => true);
    expect(cache.keys()).toEqual(["c"]);
    expect(cache.get("c")).toBe("c2");
    expect(cache.bytes).toBe(25);
  });
});
