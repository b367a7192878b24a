/**
 * Match options offered at Start, per game: each choice is a label and the engine options it
 * sets (merged over the engine's defaults). The same options objects `syzygy replay` reads from
 * a replay file and `syzygy simulate --option name=value` takes, so a table game's log replays
 * with its options. Plain data: compiles to Lua.
 */

export interface MatchChoice {
  label: string;
  options: { [name: string]: string | number | boolean };
}

export interface GameChoices {
  game: string;
  choices: MatchChoice[];
}

export const MATCH_CHOICES: GameChoices[] = [
  {
    game: "eclipsed",
    choices: [
      { label: "Standard match to 50", options: { format: "standard" } },
      { label: "Quick match to 35", options: { format: "quick" } },
      { label: "Long match to 75 (EC-35)", options: { format: "long" } },
      { label: "Series: best of 3 matches to 50 (EC-35)", options: { format: "standard", series: 3 } },
    ],
  },
  {
    game: "lunar-trick",
    choices: [
      { label: "No trumps: highest of the led suit wins", options: { highestAnySuit: false } },
      { label: "No trumps: highest number of any suit wins (LT-7)", options: { highestAnySuit: true } },
    ],
  },
];

/** The game's choices; a game without options has one, "Standard rules". */
export function choicesFor(game: string): MatchChoice[] {
  for (const g of MATCH_CHOICES) if (g.game === game) return g.choices;
  return [{ label: "Standard rules", options: {} }];
}

/** `defaults` with `choice`'s options laid over them (a new object). */
export function withChoice(defaults: { [name: string]: unknown }, choice: MatchChoice): { [name: string]: unknown } {
  const out: { [name: string]: unknown } = {};
  for (const k in defaults) out[k] = defaults[k];
  for (const k in choice.options) out[k] = choice.options[k];
  return out;
}
