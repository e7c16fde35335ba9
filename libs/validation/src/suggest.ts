/**
 * Close names for a misspelt reference (`actve` -> `active`): the candidate with the smallest
 * edit distance, when that distance is small for the word's length. Names are short (asset names
 * are at most 128 characters), so the quadratic distance is cheap; longer words get no suggestion.
 */
const LONGEST = 64;
/** Shorter words are too easily "close" to anything (`c` to `a`). */
const SHORTEST = 3;

/** Levenshtein distance with adjacent swaps counted as one edit (`atcive` -> `active` is 1). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const above = rows[i - 1] as number[];
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The candidate closest to `word` (case ignored), or undefined when none is within a third of the
 * word's length (at least one edit) or the word is shorter than three characters. Ties go to the
 * earlier candidate, so the answer is stable.
 */
export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length < SHORTEST || word.length > LONGEST) return undefined;
  const limit = Math.max(1, Math.floor(word.length / 3));
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate === word || candidate.length > LONGEST || Math.abs(candidate.length - word.length) > limit) continue;
    // `col3` is not a misspelt `col1`: numbered names differ on purpose.
    if (word.replace(/\d+$/, '') === candidate.replace(/\d+$/, '') && /\d$/.test(word)) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
