/**
 * Lines the TTS table announces for trick games' events (a game's table.ts `announce`), worded
 * alike across games. Seats are named by their colours. Plain code: compiles to Lua.
 */

/** Seats by colour, joined with ", ". */
export function seatNames(seats: readonly number[], colors: readonly string[]): string {
  const names: string[] = [];
  for (const s of seats) names.push(colors[s]);
  return names.join(", ");
}

/** The end of the game: "Game over — winner: Red, Blue." */
export function gameOverLine(winners: readonly number[], colors: readonly string[]): string {
  return "Game over — winner: " + seatNames(winners, colors) + ".";
}

/**
 * A round of bids scored, citing the scoring rule: "Round 2 scored (SE-10): White bid 1, took 1 →
 * 3 pts; Red bid 0, took 2 → 0 pts."
 */
export function bidRoundLine(round: number, rule: string, bids: readonly number[], tricks: readonly number[], points: readonly number[], colors: readonly string[]): string {
  const parts: string[] = [];
  for (let s = 0; s < points.length; s++) parts.push(colors[s] + " bid " + bids[s] + ", took " + tricks[s] + " → " + points[s] + " pts");
  return "Round " + round + " scored (" + rule + "): " + parts.join("; ") + ".";
}

/** A public bid: "Red bids 2 tricks." */
export function bidLine(seat: number, tricks: number, colors: readonly string[]): string {
  return colors[seat] + " bids " + tricks + (tricks === 1 ? " trick." : " tricks.");
}
