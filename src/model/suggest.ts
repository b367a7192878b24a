/** "Did you mean …?" for misspelt keys, ids and enum values. */

/** Edit distance (Damerau–Levenshtein, optimal string alignment) between two short strings. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** The closest candidate, if it is close enough to be a plausible typo (case-insensitive). */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  let bestPrefix = -1;
  for (const c of candidates) {
    const lower = c.toLowerCase();
    const dist = editDistance(w, lower);
    // On equal distance prefer the candidate that starts like the word ("sid" → "side", not "id").
    let prefix = 0;
    while (prefix < w.length && prefix < lower.length && w[prefix] === lower[prefix]) prefix++;
    if (dist < bestDistance || (dist === bestDistance && prefix > bestPrefix)) {
      best = c;
      bestDistance = dist;
      bestPrefix = prefix;
    }
  }
  // Allow about two typos per five characters, at least one.
  const limit = Math.max(1, Math.floor(w.length * 0.4));
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

/** ` (did you mean "x"?)` or "" — appended to messages. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const hit = closest(word, candidates);
  return hit === undefined ? "" : ` (did you mean "${hit}"?)`;
}
