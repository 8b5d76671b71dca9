// `columns=` and `on_conflict=`: a list of column names; PostgREST's pRequestColumns and
// pRequestOnConflict (pColumns).
import { fieldName } from './lexical.js';
import { parseWith } from './scanner.js';

/** pColumns, for `columns=` and `on_conflict=`. */
export function parseColumnList(name: 'columns' | 'on_conflict', value: string): string[] {
  return parseWith(`failed to parse ${name} parameter (${value})`, value, (s) => {
    const names = [fieldName(s)];
    for (s.skipSpaces(); s.peek() === ','; s.skipSpaces()) {
      s.at++;
      s.skipSpaces();
      names.push(fieldName(s));
    }
    return names;
  }, ['","', 'end of input']);
}
