/**
 * Placeholder icons: one drawing per icon token a game's text uses, so a new game builds with
 * its `:fish:`, `{fish}` or `[fish]` tokens drawn from the start; the designer draws the real
 * icon over the file. `syzygy new --from-csv` makes them for the sheet, `syzygy icons <game>` for
 * tokens added later.
 */
import { iconTokensIn } from "../model/icon-tokens";

/** The icon names the sheet's cells use as tokens, sorted. */
export function sheetIconTokens(rows: readonly Record<string, string>[]): string[] {
  const out = new Set<string>();
  for (const row of rows) for (const v of Object.values(row)) for (const t of iconTokensIn(v)) out.add(t.name);
  return [...out].sort();
}

/** A placeholder icon: a regular polygon whose corners (3..8) come from the name, so two placeholders differ. */
export function placeholderIcon(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  const corners = 3 + (h % 6);
  const points = Array.from({ length: corners }, (_, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / corners;
    return `${(0.9 * Math.cos(a)).toFixed(3)},${(0.9 * Math.sin(a)).toFixed(3)}`;
  }).join(" ");
  return `<!-- Placeholder for the icon "${name}" made by syzygy: draw the real icon over this file (any viewBox; currentColor is the text colour). -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 2 2"><polygon points="${points}" fill="currentColor" fill-opacity="0.25" stroke="currentColor" stroke-width="0.16" stroke-linejoin="round"/><circle r="0.22" fill="currentColor"/></svg>
`;
}
