/**
 * The save's `Date` and `EpochTime` (shown in TTS's load menu). A save must stay byte-for-byte
 * reproducible, so the time is not "now": it is SOURCE_DATE_EPOCH when set (the reproducible-builds
 * convention, https://reproducible-builds.org/specs/source-date-epoch/), else the newest
 * modification time of the card images the save is made from — the last time its cards changed
 * (`syzygy build` never rewrites an unchanged PNG). A save is remade only when what it is made of
 * changes (src/tts/stamp.ts), so a PNG that is merely touched or copied keeps the date it showed.
 */
import fs from "node:fs";

/** Seconds since 1970 for the save, or an error message when SOURCE_DATE_EPOCH is malformed. */
export function saveEpoch(inputs: string[], env: NodeJS.ProcessEnv = process.env): number | { error: string } {
  const fixed = env.SOURCE_DATE_EPOCH;
  if (fixed !== undefined && fixed !== "") {
    if (!/^\d{1,12}$/.test(fixed)) return { error: `SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, got "${fixed}"` };
    return Number(fixed);
  }
  let newest = 0;
  for (const f of inputs) newest = Math.max(newest, fs.statSync(f).mtimeMs);
  return Math.floor(newest / 1000);
}

/** TTS's save date format (US, 12-hour clock), in UTC: "2/22/2015 2:44:18 PM". */
export function ttsDate(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const h = d.getUTCHours();
  const two = (n: number) => String(n).padStart(2, "0");
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${hour12}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${h < 12 ? "AM" : "PM"}`;
}
