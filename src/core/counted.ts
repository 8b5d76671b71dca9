// A count and its noun (or verb) as English says them: "1 client", "0 clients", "1 was", "3 were".
// One home, so no message says "1 clients".

/** `count` followed by `singular`, or by `plural` (the singular and an s, by default) unless it is 1. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
