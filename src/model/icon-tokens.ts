/**
 * Icon tokens as designers type them in card text: `:fish:` (syzygy's own form), `{fish}` and
 * `[fish]` (the forms card tools and wikis use). A token draws the icon `data/<game>/icons/fish.svg`.
 *
 * Braces and brackets are also ordinary text ("deal [x] damage", "{1}", "[see rules]"), so a
 * brace or bracket token that names no icon is printed as typed, with a warning; `:fish:` is
 * written only as a token, so one naming no icon is an error. A name is lowercase letters,
 * digits and hyphens starting with a letter: `[1]`, `{X}` and `[two words]` are never tokens.
 */

/** One token found in a text. */
export interface IconToken {
  name: string;
  /** `colon` (`:fish:`) or `brace` (`{fish}` or `[fish]`). */
  form: "colon" | "brace";
  /** Where it starts in the text, and its length. */
  index: number;
  length: number;
}

const TOKENS = /:([a-z][a-z0-9-]*):|\{([a-z][a-z0-9-]*)\}|\[([a-z][a-z0-9-]*)\]/g;

/** Might `text` hold a token at all? (A cheap test before the scan: most words hold none.) */
export function mayHoldToken(text: string): boolean {
  return text.includes(":") || text.includes("{") || text.includes("[");
}

/** Every token of `text`, in order. */
export function iconTokensIn(text: string): IconToken[] {
  if (!mayHoldToken(text)) return [];
  const out: IconToken[] = [];
  for (const m of text.matchAll(TOKENS)) {
    out.push({ name: m[1] ?? m[2] ?? m[3], form: m[1] !== undefined ? "colon" : "brace", index: m.index, length: m[0].length });
  }
  return out;
}

/** `text` with each token for a known icon replaced by `show(name)` (tooltips and captions read the name). */
export function replaceIconTokens(text: string, isIcon: (name: string) => boolean, show: (name: string) => string): string {
  let out = "";
  let last = 0;
  for (const t of iconTokensIn(text)) {
    if (t.form === "brace" && !isIcon(t.name)) continue;
    out += text.slice(last, t.index) + show(t.name);
    last = t.index + t.length;
  }
  return out + text.slice(last);
}
