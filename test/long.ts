/**
 * npm test stays within its time budget (≤ 90 s on an idle 2-core machine); the long runs go in
 * `npm run test:long`, which CI also runs. Under test:long, `LONG` is true: tests that run a
 * quick subset in npm test (one case per variant) run their full matrix there.
 */
export const LONG = process.env.SYZYGY_LONG === "1";

/** All of `items` under test:long; in npm test, those `quick` keeps. */
export function longOr<T>(items: T[], quick: (item: T, index: number) => boolean): T[] {
  return LONG ? items : items.filter(quick);
}
