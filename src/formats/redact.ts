// Redaction for exports that leave the practice (`--redact`): a client shows as initials, and free
// text about them is left out. Every export format redacts through here, so they agree on what is hidden.

// Words are separated by spaces or commas ("Lee, Ann" is a name as often as "Ann Lee"); a hyphen joins
// the parts of one name, which keep their own initials ("Mary-Jane" -> "M.-J.").
const WORD_SEPARATOR = /[\s,]+/u;
const FIRST_LETTER = /[\p{L}\p{N}]/u;
const ASCII_LETTER = /^[A-Za-z0-9]$/;
const COMBINING = /^\p{M}/u;

// Made on first use: building ICU's segmenter costs milliseconds, and every appointment command
// loads this module while few of them redact.
let graphemes: Intl.Segmenter | undefined;

/**
 * The initials of a name, each followed by a dot: `Ann Marie Lee` -> `A. M. L.`. Punctuation that
 * is not a letter is skipped (`(Annie)` -> `A.`); an empty name has no initials and gives ''.
 */
export function initials(name: string): string {
  return name
    .split(WORD_SEPARATOR)
    .map((word) => word.split('-').map(initialOf).filter((initial) => initial !== '').join('-'))
    .filter((word) => word !== '')
    .join(' ');
}

/**
 * An appointment as it may leave the practice: the client's name as initials and the notes left out.
 * Other fields stay, so an export keeps the shape the format documents.
 */
export function redactAppointment<T extends { client_name: string | null; notes: string | null }>(appointment: T): T {
  return {
    ...appointment,
    client_name: appointment.client_name === null ? null : initials(appointment.client_name),
    notes: null,
  };
}

// The first letter as a whole grapheme, so `Élodie` written with a combining accent keeps its accent.
function initialOf(part: string): string {
  const start = part.search(FIRST_LETTER);
  if (start === -1) return '';
  // A plain letter not followed by a combining mark is its own grapheme: no segmenter needed (a feed
  // redacts ~1,700 names).
  if (ASCII_LETTER.test(part[start]!) && !COMBINING.test(part[start + 1] ?? '')) return `${part[start]!.toUpperCase()}.`;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const first = graphemes.segment(part.slice(start))[Symbol.iterator]().next().value;
  return `${(first?.segment ?? '').toUpperCase()}.`;
}
