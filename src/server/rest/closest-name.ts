// The "Perhaps you meant" of PostgREST's hints: the closest of some names to one that was not found.

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The best match at least a third similar, as the fuzzyset PostgREST uses scores it (one minus the
 * edit distance over the longer length, case-insensitive). An exact match is no suggestion for a
 * target (that relationship exists, the hint is what failed), but is for an origin.
 */
export function closest(name: string, candidates: string[], exactAllowed: boolean): string | null {
  let best: { candidate: string; score: number } | null = null;
  for (const candidate of new Set(candidates)) {
    const a = name.toLowerCase();
    const b = candidate.toLowerCase();
    const score = 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);
    if (score < 1 / 3 || (!exactAllowed && score === 1)) continue;
    if (!best || score > best.score) best = { candidate, score };
  }
  return best?.candidate ?? null;
}
