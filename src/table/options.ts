/**
 * Match options offered at Start: each choice is a label and the engine options it sets (merged
 * over the engine's defaults). The same options objects `syzygy replay` reads from a replay file
 * and `syzygy simulate --option name=value` takes, so a table game's log replays with its
 * options. A game lists its choices in its table adapter (src/engine/<game>/table.ts).
 */

export interface MatchChoice {
  label: string;
  options: { [name: string]: string | number | boolean };
}

/** The one choice of a game without match options. */
export const STANDARD_RULES: MatchChoice[] = [{ label: "Standard rules", options: {} }];

/** `defaults` with `choice`'s options laid over them (a new object). */
export function withChoice(defaults: { [name: string]: unknown }, choice: MatchChoice): { [name: string]: unknown } {
  const out: { [name: string]: unknown } = {};
  for (const k in defaults) out[k] = defaults[k];
  for (const k in choice.options) out[k] = choice.options[k];
  return out;
}
