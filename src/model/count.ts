// A count with its noun in the right number: `1 booking`, `2 bookings`. Nouns here take an s.

export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
