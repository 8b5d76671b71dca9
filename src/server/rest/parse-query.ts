// Stage 1 of a REST request (parse -> plan -> SQL -> response): the raw query string becomes a
// ParsedQuery as PostgREST's QueryParams.hs reads it. Pure: nothing here knows the schema. Each
// parameter's parser is a file of parse-query/; this file only assembles their results.
import { parseColumnList } from './parse-query/column-list.js';
import { parseFilter } from './parse-query/filter.js';
import { parseLogicTree } from './parse-query/logic-tree.js';
import { parseOrder } from './parse-query/order.js';
import { parseLimit, parseOffset } from './parse-query/paging.js';
import { splitQueryString } from './parse-query/query-string.js';
import { parseSelect } from './parse-query/select.js';
import type { ParsedQuery } from './query.js';

export { MAX_IN_ITEMS, MAX_LOGIC_DEPTH } from './parse-query/bounds.js';

/**
 * The query string (without `?`) as PostgREST reads it. `select`, `columns`, `on_conflict` and
 * `order` count once (the first); a repeated `limit`/`offset` takes the last; every other key is a
 * filter, all of them kept, ANDed together. A key without `=` is ignored, as PostgREST does.
 */
export function parseQuery(search: string): ParsedQuery {
  const query: ParsedQuery = {
    filters: [], select: null, order: [], limit: null, offset: null, columns: null, onConflict: null,
  };
  const seen = new Set<string>();
  const first = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  for (const [key, value] of splitQueryString(search)) {
    // The gateway consumed `apikey`; it is not a filter on a column of that name.
    if (value === null || key === 'apikey') continue;
    switch (key) {
      case 'select':
        if (first(key)) query.select = parseSelect(value);
        break;
      case 'columns':
        if (first(key)) query.columns = parseColumnList(key, value);
        break;
      case 'on_conflict':
        if (first(key)) query.onConflict = parseColumnList(key, value);
        break;
      case 'order': {
        const terms = parseOrder(value);
        if (first(key)) query.order = terms;
        break;
      }
      case 'limit':
        query.limit = parseLimit(value);
        break;
      case 'offset':
        query.offset = parseOffset(value);
        break;
      case 'or':
      case 'and':
      case 'not.or':
      case 'not.and':
        query.filters.push(parseLogicTree(key, value));
        break;
      default:
        query.filters.push(parseFilter(key, value));
    }
  }
  return query;
}
