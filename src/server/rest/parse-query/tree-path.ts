// Parameter keys naming an embedded resource: `appointments.status`, `appointments.service.order`;
// PostgREST's pTreePath and pLogicPath.
import { fieldName } from './lexical.js';
import { parseWith } from './scanner.js';

/** `a.b.c` as the names between the dots (each a field name, quoted ones may hold a dot). */
export function treePath(key: string): string[] {
  return parseWith(`failed to parse tree path (${key})`, key, (s) => {
    const names = [fieldName(s)];
    while (s.peek() === '.') {
      s.at++;
      names.push(fieldName(s));
    }
    return names;
  }, ['delimiter (.)', 'end of input']);
}

/** The parameters that apply to whichever resource their key's prefix names. */
const RESOURCE_PARAMETERS = ['order', 'limit', 'offset', 'and', 'or'] as const;
export type ResourceParameter = (typeof RESOURCE_PARAMETERS)[number];

/**
 * The key's last word when it is one of RESOURCE_PARAMETERS (PostgREST splits on the dot as plainly),
 * with the path before it; `not` anywhere in a logic key's path negates it, as pLogicPath reads it.
 */
export function resourceParameter(key: string): { path: string[]; parameter: ResourceParameter; negated: boolean } | null {
  const last = key.slice(key.lastIndexOf('.') + 1);
  const parameter = RESOURCE_PARAMETERS.find((name) => name === last);
  if (!parameter) return null;
  const names = treePath(key).slice(0, -1);
  const logic = parameter === 'and' || parameter === 'or';
  return { path: logic ? names.filter((name) => name !== 'not') : names, parameter, negated: logic && names.includes('not') };
}
