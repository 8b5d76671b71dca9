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
import { resourceParameter } from './parse-query/tree-path.js';
import type { ParsedQuery, ResourceQuery } from './query.js';

export { MAX_IN_ITEMS, MAX_LOGIC_DEPTH } from './parse-query/bounds.js';

/**
 * The query string (without `?`) as PostgREST reads it. `select`, `columns`, `on_conflict` and each
 * resource's `order` count once (the first); a repeated `limit`/`offset` takes the last; every other
 * key is a filter, all of them kept, ANDed together. A key prefixed with an embedded resource's path
 * (`appointments.order`, `appointments.status`) applies to that resource. A key without `=` is
 * ignored, as PostgREST does.
 */
export function parseQuery(search: string): ParsedQuery {
  const query: ParsedQuery = {
    filters: [], select: null, order: [], limit: null, offset: null, columns: null, onConflict: null, embedded: [],
  };
  const seen = new Set<string>();
  const first = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const resource = (path: string[]): ResourceQuery => {
    if (path.length === 0) return query;
    const key = JSON.stringify(path);
    let embedded = query.embedded.find((entry) => JSON.stringify(entry.path) === key);
    if (!embedded) {
      embedded = { path, filters: [], order: [], limit: null, offset: null };
      query.embedded.push(embedded);
    }
    return embedded;
  };
  for (const [key, value] of splitQueryString(search)) {
    // The gateway consumed `apikey`; it is not a filter on a column of that name.
    if (value === null || key === 'apikey') continue;
    switch (key) {
      case 'select':
        if (first(key)) query.select = parseSelect(value);
        continue;
      case 'columns':
        if (first(key)) query.columns = parseColumnList(key, value);
        continue;
      case 'on_conflict':
        if (first(key)) query.onConflict = parseColumnList(key, value);
        continue;
    }
    const parameter = resourceParameter(key);
    if (!parameter) {
      const { path, filter } = parseFilter(key, value);
      resource(path).filters.push(filter);
      continue;
    }
    const target = resource(parameter.path);
    switch (parameter.parameter) {
      case 'order': {
        const terms = parseOrder(value);
        if (first(`${JSON.stringify(parameter.path)}order`)) target.order = terms;
        break;
      }
      case 'limit':
        target.limit = parseLimit(value);
        break;
      case 'offset':
        target.offset = parseOffset(value);
        break;
      case 'and':
      case 'or':
        target.filters.push(parseLogicTree(parameter.negated ? `not.${parameter.parameter}` : parameter.parameter, value));
    }
  }
  return query;
}
