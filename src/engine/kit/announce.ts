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

/** A public bid: "Red bids 2 tricks." */
export function bidLine(seat: number, tricks: number, colors: readonly string[]): string {
  return colors[seat] + " bids " + tricks + (tricks === 1 ? " trick." : " tricks.");
}
