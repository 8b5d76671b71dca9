// Text folded for search, so `client search jurgen` finds "Jürgen": the same folding as the database's
// practice_private.fold_for_search (migration 14), which keeps clients.search_name. Pure.

const MARKS = /[\u0300-\u036f]/g;
// Letters whose accent is part of the letter, not a mark NFKD can split off.
const SPELLED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe' };
const SPELLED_LETTERS = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');

/** `text` in lower case with its accents off: "Jürgen Łódź" -> "jurgen lodz". */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(SPELLED_LETTERS, (letter) => SPELLED[letter]!);
}
