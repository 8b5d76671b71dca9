// Text folded for search, so `client search jurgen` finds "Jürgen": the same folding as the database's
// practice_private.fold_for_search (migration 14), which keeps clients.search_name.
import { ApiError } from './api-error.js';

const MARKS = /[\u0300-\u036f]/g;
// Letters whose accent is part of the letter, not a mark NFKD can split off.
const SPELLED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe' };
const SPELLED_LETTERS = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');

/**
 * A read of clients by name: by search_name and the folded text, or, from a service without migration
 * 14 (no such column: 42703), by the name as typed.
 */
export async function byFoldedName<T>(text: string, read: (column: 'search_name' | 'name', wanted: string) => Promise<T>): Promise<T> {
  try {
    return await read('search_name', foldForSearch(text));
  } catch (err) {
    if (err instanceof ApiError && err.code === '42703') return read('name', text);
    throw err;
  }
}

/** `text` in lower case with its accents off: "Jürgen Łódź" -> "jurgen lodz". */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(SPELLED_LETTERS, (letter) => SPELLED[letter]!);
}
