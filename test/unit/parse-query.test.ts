// Stage 1 (parse) of the REST pipeline: query strings in, ParsedQuery or PostgREST's error out.
// Expected error texts marked "PostgREST" are copied from its doctests and spec suite.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/server/errors.js';
import { MAX_IN_ITEMS, MAX_LOGIC_DEPTH, parseQuery } from '../../src/server/rest/parse-query.js';
import { MAX_EMBED_DEPTH } from '../../src/server/rest/parse-query/bounds.js';
import type { ColumnItem, Condition, EmbedItem, Filter, Group, SelectItem } from '../../src/server/rest/query.js';

const cond = (column: string, operator: Condition['operator'], value: Condition['value'], negated = false): Condition =>
  ({ kind: 'condition', column, negated, operator, value });
const group = (operator: Group['operator'], filters: Filter[], negated = false): Group =>
  ({ kind: 'group', negated, operator, filters });

const col = (column: string, alias: string | null = null, cast: string | null = null): ColumnItem =>
  ({ kind: 'column', column, alias, cast });
const embed = (relation: string, select: SelectItem[], options: Partial<EmbedItem> = {}): EmbedItem =>
  ({ kind: 'embed', relation, alias: null, hint: null, join: null, spread: false, select, ...options });

function failure(search: string): ServiceError {
  try {
    parseQuery(search);
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error(`expected ${search} to fail`);
}

describe('filters: column=[not.]operator.value', () => {
  it.each([
    ['id=eq.5', cond('id', 'eq', '5')],
    ['id=neq.5', cond('id', 'neq', '5')],
    ['age=gt.18', cond('age', 'gt', '18')],
    ['age=gte.18', cond('age', 'gte', '18')],
    ['age=lt.18', cond('age', 'lt', '18')],
    ['age=lte.18', cond('age', 'lte', '18')],
    ['name=like.*Sm*th*', cond('name', 'like', '*Sm*th*')],
    ['name=ilike.*smith%_', cond('name', 'ilike', '*smith%_')],
    ['name=match.^A.*z$', cond('name', 'match', '^A.*z$')],
    ['name=imatch.^a', cond('name', 'imatch', '^a')],
    ['name=isdistinct.x', cond('name', 'isdistinct', 'x')],
    ['id=in.(1,2,3)', cond('id', 'in', ['1', '2', '3'])],
    ['paid=is.true', cond('paid', 'is', 'true')],
    ['id=not.eq.5', cond('id', 'eq', '5', true)],
    ['id=not.in.(1,2)', cond('id', 'in', ['1', '2'], true)],
    ['name=not.like.a*', cond('name', 'like', 'a*', true)],
    ['notes=not.is.null', cond('notes', 'is', 'null', true)],
    ['name=not.isdistinct.x', cond('name', 'isdistinct', 'x', true)],
    ['body=fts.cat %26 dog', cond('body', 'fts', 'cat & dog')],
    ['body=plfts.cat dog', cond('body', 'plfts', 'cat dog')],
    ['body=phfts.fat cat', cond('body', 'phfts', 'fat cat')],
    ['body=wfts."fat cat" -dog', cond('body', 'wfts', '"fat cat" -dog')],
    ['body=fts(english).cats', { ...cond('body', 'fts', 'cats'), config: 'english' }],
    ['body=not.wfts(simple).x', { ...cond('body', 'wfts', 'x', true), config: 'simple' }],
    ['name=like(any).{A*,B*}', { ...cond('name', 'like', '{A*,B*}'), quantifier: 'any' }],
    ['id=eq(all).{1,2}', { ...cond('id', 'eq', '{1,2}'), quantifier: 'all' }],
    ['age=not.gt(any).{1,2}', { ...cond('age', 'gt', '{1,2}', true), quantifier: 'any' }],
  ])('%s', (search, expected) => {
    expect(parseQuery(search).filters).toEqual([expected]);
  });

  it('reads quantifiers and configurations inside logic trees too', () => {
    expect(parseQuery('or=(name.ilike(any).{a*,"b,c*"},notes.fts(english).tea)').filters).toEqual([{
      kind: 'group', negated: false, operator: 'or', filters: [
        { ...cond('name', 'ilike', '{a*,"b,c*"}'), quantifier: 'any' },
        { ...cond('notes', 'fts', 'tea'), config: 'english' },
      ],
    }]);
  });

  it.each([
    // PostgREST's quantOperator has no neq; a configuration is an identifier.
    ['id=neq(any).{1,2}', null],
    ['body=fts(eng-lish).cat', null],
    ['body=fts().cat', null],
  ])('%s is 400 PGRST100', (search, details) => {
    const err = failure(search);
    expect(err.body.code).toBe('PGRST100');
    if (details !== null) expect(err.body.details).toContain(details);
  });

  it.each([
    ['a value may hold dots', 'email=eq.a.b@c.d', 'a.b@c.d'],
    ['a value may look like an operator', 'note=eq.not.in.(x)', 'not.in.(x)'],
    ['a value may be empty', 'note=eq.', ''],
    ['quotes in a plain filter value are kept', 'name=eq."a,b"', '"a,b"'],
    ['parentheses and commas are plain text outside lists', 'name=eq.a,(b)', 'a,(b)'],
    ['a column named not is a column', 'not=eq.1', '1'],
  ])('%s', (_name, search, value) => {
    expect((parseQuery(search).filters[0] as Condition).value).toBe(value);
  });

  it('keeps every filter on the same column, in order', () => {
    expect(parseQuery('date=gte.2024-01-01&date=lte.2024-01-31&status=eq.booked').filters).toEqual([
      cond('date', 'gte', '2024-01-01'), cond('date', 'lte', '2024-01-31'), cond('status', 'eq', 'booked'),
    ]);
  });

  it.each([
    ['null', 'null'], ['NULL', 'null'], ['Not_Null', 'not_null'], ['TRUE', 'true'], ['false', 'false'], ['unKnown', 'unknown'],
  ])('is.%s reads as %s', (word, keyword) => {
    expect(parseQuery(`x=is.${word}`).filters).toEqual([cond('x', 'is', keyword)]);
  });
});

describe('in lists', () => {
  it.each([
    ['plain items', '(a,b,c)', ['a', 'b', 'c']],
    ['quoted item keeps reserved characters', '(a,"b,c","d.e:f(g)")', ['a', 'b,c', 'd.e:f(g)']],
    ['backslash escapes inside quotes', String.raw`("say \"hi\"","back\\slash","\x")`, ['say "hi"', 'back\\slash', 'x']],
    ['backslash outside quotes is literal', String.raw`(a\b)`, ['a\\b']],
    ['a quote not followed by , or ) is plain text', '("a"b,c)', ['"a"b', 'c']],
    ['spaces inside items are kept; just inside the parentheses dropped', '( a, b ,c )', ['a', ' b ', 'c ']],
    ['() is the empty list', '()', []],
    ['("") is the empty list too, as in PostgREST', '("")', []],
    ['an empty item among others stays', '(a,,b)', ['a', '', 'b']],
    ['null is the text null', '(null)', ['null']],
  ])('%s: in.%s', (_name, list, items) => {
    expect(parseQuery(`x=in.${encodeURIComponent(list)}`).filters).toEqual([cond('x', 'in', items)]);
  });

  it(`accepts ${MAX_IN_ITEMS} items and refuses one more`, () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
    expect((parseQuery(`id=in.(${items(MAX_IN_ITEMS)})`).filters[0] as Condition).value).toHaveLength(MAX_IN_ITEMS);
    const err = failure(`id=in.(${items(MAX_IN_ITEMS + 1)})`);
    expect([err.status, err.code]).toEqual([400, 'PGRST100']);
    expect(err.message).toBe('Too many values in the in list of id: at most 1000 are allowed');
  });
});

describe('logic trees: or, and, not.or, not.and', () => {
  it.each([
    ['or=(age.lt.18,age.gt.21)', group('or', [cond('age', 'lt', '18'), cond('age', 'gt', '21')])],
    ['and=(a.eq.1,b.eq.2)', group('and', [cond('a', 'eq', '1'), cond('b', 'eq', '2')])],
    ['not.or=(a.eq.1,a.eq.2)', group('or', [cond('a', 'eq', '1'), cond('a', 'eq', '2')], true)],
    ['not.and=(a.eq.1)', group('and', [cond('a', 'eq', '1')], true)],
    ['or=(a.not.eq.1,b.not.is.null)', group('or', [cond('a', 'eq', '1', true), cond('b', 'is', 'null', true)])],
    ['or=(age.lt.18,not.and(a.gte.1,a.lte.9))',
      group('or', [cond('age', 'lt', '18'), group('and', [cond('a', 'gte', '1'), cond('a', 'lte', '9')], true)])],
    ['or=(and(a.eq.1,or(b.eq.2,c.eq.3)),d.in.(4,5))',
      group('or', [group('and', [cond('a', 'eq', '1'), group('or', [cond('b', 'eq', '2'), cond('c', 'eq', '3')])]),
        cond('d', 'in', ['4', '5'])])],
    ['or=(name.eq."a,b",name.like."*)*")', group('or', [cond('name', 'eq', 'a,b'), cond('name', 'like', '*)*')])],
    [String.raw`or=(name.eq."a\"b",name.eq.c\d)`, group('or', [cond('name', 'eq', 'a"b'), cond('name', 'eq', String.raw`c\d`)])],
    // An unclosed quote is plain text up to the next `,` or `)`.
    [String.raw`or=(a.eq."x\"y)`, group('or', [cond('a', 'eq', String.raw`"x\"y`)])],
    ['or=(tags.eq.{a,b},id.eq.1)', group('or', [cond('tags', 'eq', '{a,b}'), cond('id', 'eq', '1')])],
    ['or=(email.eq.a.b@c.d,id.in.())', group('or', [cond('email', 'eq', 'a.b@c.d'), cond('id', 'in', [])])],
    ['or=(and.eq.1,or.eq.2)', group('or', [cond('and', 'eq', '1'), cond('or', 'eq', '2')])],
  ])('%s', (search, expected) => {
    expect(parseQuery(search).filters).toEqual([expected]);
  });

  it('allows whitespace around groups, commas and parentheses (PostgREST AndOrParamsSpec)', () => {
    const search = 'and=( and ( id.in.( 1, 2, 3 ) , id.eq.3 ) , or ( id.eq.2 , id.eq.3 ) )';
    expect(parseQuery(encodeURI(search)).filters).toEqual([group('and', [
      group('and', [cond('id', 'in', ['1', ' 2', ' 3 ']), cond('id', 'eq', '3 ')]),
      group('or', [cond('id', 'eq', '2 '), cond('id', 'eq', '3 ')]),
    ])]);
  });

  it('ANDs several logic parameters with the plain filters', () => {
    expect(parseQuery('or=(a.eq.1,a.eq.2)&name=eq.x&and=(b.gt.0)').filters).toEqual([
      group('or', [cond('a', 'eq', '1'), cond('a', 'eq', '2')]), cond('name', 'eq', 'x'), group('and', [cond('b', 'gt', '0')]),
    ]);
  });

  it(`accepts ${MAX_LOGIC_DEPTH} levels of groups and refuses ${MAX_LOGIC_DEPTH + 1}`, () => {
    const nested = (levels: number) => `or=(${'and('.repeat(levels - 1)}a.eq.1${')'.repeat(levels - 1)})`;
    expect(() => parseQuery(nested(MAX_LOGIC_DEPTH))).not.toThrow();
    const err = failure(nested(MAX_LOGIC_DEPTH + 1));
    expect([err.status, err.code]).toEqual([400, 'PGRST100']);
    expect(err.message).toBe('Logic tree nested too deeply: at most 10 levels of and/or are allowed');
  });
});

describe('select', () => {
  it('reads columns, aliases, casts and *', () => {
    expect(parseQuery('select=a,b,alias:c,d::text,*').select).toEqual([
      col('a'), col('b'), col('c', 'alias'), col('d', null, 'text'), col('*'),
    ]);
  });

  it.each([
    ['absent means *', '', null],
    ['empty selects no column (PostgREST 12+)', 'select=', []],
    ['spaces around items', 'select=%20a%20,%20b%20', [col('a'), col('b')]],
    ['alias and cast together', 'select=when:starts_at::date', [col('starts_at', 'when', 'date')]],
    ['quoted and dashed names', 'select="a,b",first-name', [col('a,b'), col('first-name')]],
    ['only the first select counts', 'select=a&select=b', [col('a')]],
    ['an embedded resource', 'select=id,clients(name)', [col('id'), embed('clients', [col('name')])]],
    ['an alias', 'select=client:clients(*)', [embed('clients', [col('*')], { alias: 'client' })]],
    ['a hint and a join type, in either order', 'select=a:clients!inner!clients_fkey(id),b:clients!fk!left(id)', [
      embed('clients', [col('id')], { alias: 'a', hint: 'clients_fkey', join: 'inner' }),
      embed('clients', [col('id')], { alias: 'b', hint: 'fk', join: 'left' }),
    ]],
    ['a spread', 'select=id,...clients(client_name:name)', [col('id'), embed('clients', [col('name', 'client_name')], { spread: true })]],
    ['nested two levels, with spaces', 'select=name, appointments ( date , service_menu(name) )', [
      col('name'), embed('appointments', [col('date'), embed('service_menu', [col('name')])]),
    ]],
    ['an empty embed', 'select=id,appointments()', [col('id'), embed('appointments', [])]],
    ['count inside an embed', 'select=name,appointments(count)', [col('name'), embed('appointments', [col('count')])]],
  ])('%s', (_name, search, expected) => {
    expect(parseQuery(search).select).toEqual(expected);
  });

  it.each(['select=count()', 'select=amount.sum()', 'select=date,amount.max()'])('refuses the aggregate of %s as PostgREST with aggregates off', (search) => {
    const err = failure(search);
    expect([err.status, err.code, err.message]).toEqual([400, 'PGRST123', 'Use of aggregate functions is not allowed']);
  });

  it.each([
    [`select=${'a('.repeat(MAX_EMBED_DEPTH + 1)}id${')'.repeat(MAX_EMBED_DEPTH + 1)}`,
      `Resource embedding nested too deeply: at most ${MAX_EMBED_DEPTH} levels are allowed`],
  ])('refuses %s by name', (search, message) => {
    const err = failure(search);
    expect([err.status, err.code, err.message]).toEqual([400, 'PGRST100', message]);
  });

  it('reads embeds as deep as MAX_EMBED_DEPTH', () => {
    expect(() => parseQuery(`select=${'a('.repeat(MAX_EMBED_DEPTH)}id${')'.repeat(MAX_EMBED_DEPTH)}`)).not.toThrow();
  });

  it.each([
    ['select=id,clients(name', '"failed to parse select parameter (id,clients(name)" (line 1, column 16)',
      'unexpected end of input expecting ")"'],
    ['select=id,clients(name)x', '"failed to parse select parameter (id,clients(name)x)" (line 1, column 17)',
      'unexpected \'x\' expecting "," or end of input'],
    ['select=id)', '"failed to parse select parameter (id))" (line 1, column 3)', 'unexpected \')\' expecting "::", "," or end of input'],
  ])('a malformed select is PGRST100: %s', (search, message, details) => {
    expect(failure(search).body).toEqual({ code: 'PGRST100', message, details, hint: null });
  });
});

describe('order', () => {
  it('reads direction and nulls placement; asc by default', () => {
    expect(parseQuery('order=c1.desc.nullslast,c2,c3.nullsfirst,c4.asc').order).toEqual([
      { relation: null, column: 'c1', direction: 'desc', nulls: 'last' },
      { relation: null, column: 'c2', direction: 'asc', nulls: null },
      { relation: null, column: 'c3', direction: 'asc', nulls: 'first' },
      { relation: null, column: 'c4', direction: 'asc', nulls: null },
    ]);
  });

  it('reads a column of an embedded resource: relation(column)', () => {
    expect(parseQuery('order=clients(name).desc.nullslast,id').order).toEqual([
      { relation: 'clients', column: 'name', direction: 'desc', nulls: 'last' },
      { relation: null, column: 'id', direction: 'asc', nulls: null },
    ]);
  });
});

describe('limit, offset, columns, on_conflict', () => {
  it.each([
    ['limit=10&offset=20', { limit: 10, offset: 20 }],
    ['limit=0', { limit: 0, offset: null }],
    ['limit=5&limit=7', { limit: 7, offset: null }],
    ['offset=-4', { limit: null, offset: null }],
    ['limit=99999999999999999999', { limit: Number.MAX_SAFE_INTEGER, offset: null }],
  ])('%s', (search, expected) => {
    const { limit, offset } = parseQuery(search);
    expect({ limit, offset }).toEqual(expected);
  });

  it('a negative limit is 416 PGRST103 (PostgREST RangeSpec)', () => {
    const err = failure('limit=-1');
    expect(err.body).toEqual({
      code: 'PGRST103', message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.', hint: null,
    });
    expect(err.status).toBe(416);
  });

  it.each(['limit=abc', 'limit=1.5', 'limit=', 'offset=ten', 'offset=-'])('%s is 400 PGRST100', (search) => {
    const err = failure(search);
    expect([err.status, err.code]).toEqual([400, 'PGRST100']);
  });

  it('reads columns and on_conflict as column lists', () => {
    const query = parseQuery('columns=name,%20email&on_conflict=therapist_id,email');
    expect([query.columns, query.onConflict]).toEqual([['name', 'email'], ['therapist_id', 'email']]);
  });
});

describe('the query string itself', () => {
  it.each([
    ['percent-escapes decode, + is a space (WAI)', 'name=eq.caf%C3%A9+au+lait', 'café au lait'],
    ['%2B is a literal plus', 'phone=eq.%2B44', '+44'],
    ['an encoded & or = stays inside the value', 'name=eq.a%26b%3Dc', 'a&b=c'],
    ['a malformed escape stays as typed', 'name=eq.100%+sure%zz%4', '100% sure%zz%4'],
    ['invalid UTF-8 becomes U+FFFD instead of failing', 'name=eq.%FF', '\uFFFD'],
    ['the first = splits key and value', 'expr=eq.a=b', 'a=b'],
  ])('%s', (_name, search, value) => {
    expect((parseQuery(search).filters[0] as Condition).value).toBe(value);
  });

  it('splits on ; as well as & (http-types)', () => {
    expect(parseQuery('a=eq.1;b=eq.2').filters).toEqual([cond('a', 'eq', '1'), cond('b', 'eq', '2')]);
  });

  it('decodes keys: an encoded logic key is a logic key', () => {
    expect(parseQuery('%6Fr=(a.eq.1)').filters).toEqual([group('or', [cond('a', 'eq', '1')])]);
  });

  it('ignores apikey (the gateway consumed it), keys without =, and empty items', () => {
    expect(parseQuery('apikey=secret&flag&&id=eq.1&').filters).toEqual([cond('id', 'eq', '1')]);
  });

  it('an empty query string is an unfiltered read of everything', () => {
    expect(parseQuery('')).toEqual({
      filters: [], select: null, order: [], limit: null, offset: null, columns: null, onConflict: null, embedded: [],
    });
  });

  it('gives the parameters prefixed with a path to that embedded resource', () => {
    const query = parseQuery('appointments.status=eq.completed&appointments.order=date.desc&appointments.limit=2' +
      '&appointments.offset=1&appointments.service_menu.not.or=(active.is.false)&id=eq.1&appointments.order=id');
    expect(query.filters).toEqual([cond('id', 'eq', '1')]);
    expect(query.embedded).toEqual([
      {
        path: ['appointments'], filters: [cond('status', 'eq', 'completed')],
        order: [{ relation: null, column: 'date', direction: 'desc', nulls: null }], limit: 2, offset: 1,
      },
      { path: ['appointments', 'service_menu'], filters: [group('or', [cond('active', 'is', 'false')], true)], order: [], limit: null, offset: null },
    ]);
  });
});

describe('errors worded as PostgREST words them', () => {
  it.each([
    // PostgREST doctests in QueryParams.hs and its spec suite:
    ['id=val', '"failed to parse filter (val)" (line 1, column 1)', 'unexpected "v" expecting "not" or operator (eq, gt, ...)'],
    ['id=noop.0', '"failed to parse filter (noop.0)" (line 1, column 1)', 'unexpected "o" expecting "not" or operator (eq, gt, ...)'],
    ['id=in().value', '"failed to parse filter (in().value)" (line 1, column 3)', 'unexpected "(" expecting operator (eq, gt, ...)'],
    ['id=is().value', '"failed to parse filter (is().value)" (line 1, column 3)', 'unexpected "(" expecting operator (eq, gt, ...)'],
    ['or=()', '"failed to parse logic tree (())" (line 1, column 4)',
      'unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)'],
    ['or=(id.in.1,2,id.eq.3)', '"failed to parse logic tree ((id.in.1,2,id.eq.3))" (line 1, column 10)', 'unexpected "1" expecting "("'],
    ['or=)(', '"failed to parse logic tree ()()" (line 1, column 3)', 'unexpected ")" expecting "("'],
    ['and=(ord(id.eq.1,id.eq.1),id.eq.2)', '"failed to parse logic tree ((ord(id.eq.1,id.eq.1),id.eq.2))" (line 1, column 7)',
      'unexpected "d" expecting "("'],
    ['or=(id.eq.1,not.xor(id.eq.2,id.eq.3))', '"failed to parse logic tree ((id.eq.1,not.xor(id.eq.2,id.eq.3)))" (line 1, column 16)',
      'unexpected "x" expecting logic operator (and, or)'],
    ['order=id.ac', '"failed to parse order (id.ac)" (line 1, column 4)',
      'unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['order=id.descc', '"failed to parse order (id.descc)" (line 1, column 8)', 'unexpected \'c\' expecting delimiter (.), "," or end of input'],
    ['order=id.nulsfist', '"failed to parse order (id.nulsfist)" (line 1, column 4)',
      'unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['order=id.nullslasttt', '"failed to parse order (id.nullslasttt)" (line 1, column 13)', 'unexpected \'t\' expecting "," or end of input'],
    ['order=id.asc.nlsfst', '"failed to parse order (id.asc.nlsfst)" (line 1, column 8)', 'unexpected "l" expecting "nullsfirst" or "nullslast"'],
    ['order=id.asc.nullslasttt', '"failed to parse order (id.asc.nullslasttt)" (line 1, column 17)', 'unexpected \'t\' expecting "," or end of input'],
    ['select=name::', '"failed to parse select parameter (name::)" (line 1, column 7)', 'unexpected end of input expecting letter or digit'],
    ['select=id,title,', '"failed to parse select parameter (id,title,)" (line 1, column 10)',
      'unexpected end of input expecting field name (* or [a..z0..9_$])'],
    // Same grammar, this server's wording:
    ['id=', '"failed to parse filter ()" (line 1, column 1)', 'unexpected end of input expecting "not" or operator (eq, gt, ...)'],
    ['id=not.xyz.1', '"failed to parse filter (not.xyz.1)" (line 1, column 5)', 'unexpected "x" expecting operator (eq, gt, ...)'],
    ['id=eqx.1', '"failed to parse filter (eqx.1)" (line 1, column 3)', 'unexpected "x" expecting operator (eq, gt, ...)'],
    ['id=EQ.1', '"failed to parse filter (EQ.1)" (line 1, column 1)', 'unexpected "E" expecting "not" or operator (eq, gt, ...)'],
    ['x=is.maybe', '"failed to parse filter (is.maybe)" (line 1, column 4)', 'unexpected "m" expecting isVal: (null, not_null, true, false, unknown)'],
    ['x=is.nullx', '"failed to parse filter (is.nullx)" (line 1, column 8)', 'unexpected \'x\' expecting end of input'],
    ['x=in.(a,b', '"failed to parse filter (in.(a,b)" (line 1, column 8)', 'unexpected end of input expecting "," or ")"'],
    ['x=in.(a)b', '"failed to parse filter (in.(a)b)" (line 1, column 7)', 'unexpected \'b\' expecting end of input'],
    // PostgREST ignores what follows a complete tree (its own spec sends this typo); here it is an error.
    ['and=(id.eq.1))', '"failed to parse logic tree ((id.eq.1)))" (line 1, column 13)', 'unexpected \')\' expecting end of input'],
    [String.raw`or=(a.eq."x\"y`, String.raw`"failed to parse logic tree ((a.eq.\"x\\\"y)" (line 1, column 14)`,
      'unexpected end of input expecting "," or ")"'],
    ['name=eq.1&n%C3%A4me=foo', '"failed to parse filter (foo)" (line 1, column 1)', 'unexpected "f" expecting "not" or operator (eq, gt, ...)'],
    ['y=in.(a,%0Ab', '"failed to parse filter (in.(a,\\nb)" (line 2, column 2)', 'unexpected end of input expecting "," or ")"'],
    ['x=fo%C3%B6', '"failed to parse filter (fo\\246)" (line 1, column 1)', 'unexpected "f" expecting "not" or operator (eq, gt, ...)'],
    ['columns=a,,b', '"failed to parse columns parameter (a,,b)" (line 1, column 3)', 'unexpected "," expecting field name (* or [a..z0..9_$])'],
    ['limit=5x', '"failed to parse limit parameter (5x)" (line 1, column 2)', 'unexpected "x" expecting digit'],
  ])('%s', (search, message, details) => {
    const err = failure(search);
    expect(err.body).toEqual({ code: 'PGRST100', message, details, hint: null });
    expect(err.status).toBe(400);
  });

  it.each([
    ['id=cs.{1,2}', 'Unsupported filter operator (cs)'],
    ['or=(tags.ov.{a})', 'Unsupported filter operator (ov)'],
  ])('%s: %s', (search, message) => {
    const err = failure(search);
    expect([err.status, err.code, err.message]).toEqual([400, 'PGRST100', message]);
  });
});

describe('hostile input is refused (or read) in linear time', () => {
  const N = 100_000;
  it.each([
    ['deep parentheses', `or=${'('.repeat(N)}`],
    ['deep groups', `or=(${'and('.repeat(N)}a.eq.1${')'.repeat(N + 1)}`],
    ['deep negated groups', `or=(${'not.or('.repeat(N)}`],
    ['a huge in list', `id=in.(${'1,'.repeat(N)}1)`],
    ['a huge in list inside a logic tree', `or=(id.in.(${'"x",'.repeat(N)}))`],
    ['an unclosed quote', `or=(a.eq."${'x'.repeat(N)}`],
    ['many unclosed quotes', `or=(${'a.eq."x,'.repeat(N / 8)})`],
    ['many unclosed braces', `or=(${'a.eq.{x,'.repeat(N / 8)})`],
    ['backslashes in a quote', `id=in.("${'\\'.repeat(N)}`],
    ['a long field name', `or=(${'a'.repeat(N)}`],
    ['a wide flat group', `or=(${'a.eq.1,'.repeat(N / 7)}a.eq.1)`],
    ['a long select', `select=${'a,'.repeat(N / 2)}b`],
    ['percent signs', `id=eq.${'%'.repeat(N)}`],
    ['separators', '&;'.repeat(N / 2)],
  ])('%s (%#)', (_name, search) => {
    // CPU time, not wall time: a busy machine stretches the wall clock, not the work the parser does.
    const started = process.cpuUsage();
    try {
      parseQuery(search);
    } catch (err) {
      expect(err).toBeInstanceOf(ServiceError);
    }
    // Linear parsing takes milliseconds; a backtracking or quadratic parser takes seconds here.
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(1000);
  });
});
