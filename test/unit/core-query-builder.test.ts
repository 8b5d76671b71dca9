// The query builder renders INTERFACE.md's query strings exactly, and whatever text goes in comes
// back out of the server's own parser (src/server/rest/parse-query.ts) as one condition with that text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { query } from '../../src/core/query-builder.js';
import { parseQuery } from '../../src/server/rest/parse-query.js';

const THERAPIST = '6f1c2a9e-0b7d-4c1e-9a53-2d8f0e4b7c11';

describe('query strings of INTERFACE.md', () => {
  it.each([
    [query().eq('therapist_id', THERAPIST).order('name'), `therapist_id=eq.${THERAPIST}&order=name.asc`],
    [query().ilike('name', 'ann').eq('therapist_id', THERAPIST), `name=ilike.*ann*&therapist_id=eq.${THERAPIST}`],
    [query().eq('client_id', THERAPIST).order('created_at', 'desc').limit(20), `client_id=eq.${THERAPIST}&order=created_at.desc&limit=20`],
    [
      query().eq('date', '2025-06-02').in('status', ['scheduled', 'confirmed']).select(['id', 'date']).order('date').order('start_time').limit(10),
      'date=eq.2025-06-02&status=in.(scheduled,confirmed)&select=id,date&order=date.asc,start_time.asc&limit=10',
    ],
    [query().eq('id', THERAPIST), `id=eq.${THERAPIST}`],
    [query().gte('date', '2025-06-01').lt('date', '2025-07-01').offset(50).limit(25), 'date=gte.2025-06-01&date=lt.2025-07-01&offset=50&limit=25'],
  ])('%s', (built, expected) => {
    expect(built.toString()).toBe(expected);
  });
});

describe('the other filters of PROTOCOL.md section 1', () => {
  it.each([
    [query().not.eq('status', 'cancelled'), 'status=not.eq.cancelled'],
    [query().neq('status', 'cancelled').gt('total_visits', 2).lte('price', 80.5), 'status=neq.cancelled&total_visits=gt.2&price=lte.80.5'],
    [query().is('phone', null).not.is('email', null).is('active', true), 'phone=is.null&email=not.is.null&active=is.true'],
    [query().isDistinct('status', 'active'), 'status=isdistinct.active'],
    [query().match('name', '^A').imatch('name', 'lee$'), 'name=match.%5EA&name=imatch.lee%24'],
    [query().like('name', 'Ann', 'prefix').ilike('vendor', 'co', 'suffix').ilike('category', 'rent', 'exact'), 'name=like.Ann*&vendor=ilike.*co&category=ilike.rent'],
    [query().in('status', []), 'status=in.()'],
    [query().not.in('status', ['cancelled', 'no_show']), 'status=not.in.(cancelled,no_show)'],
    [query().or((g) => g.lt('total_visits', 1).is('phone', null)), 'or=(total_visits.lt.1,phone.is.null)'],
    [query().not.or((g) => g.eq('a', 1).and((h) => h.gte('b', 1).not.lte('b', 9))), 'not.or=(a.eq.1,and(b.gte.1,b.not.lte.9))'],
    [query().and((g) => g.eq('a', 1).eq('b', 2)), 'a=eq.1&b=eq.2'],
    [query().not.and((g) => g.eq('a', 1).eq('b', 2)), 'not.and=(a.eq.1,b.eq.2)'],
    [query().select(['*']), 'select=*'],
  ])('%s', (built, expected) => {
    expect(built.toString()).toBe(expected);
  });
});

describe('user text is quoted and encoded, never read as syntax', () => {
  it.each([
    [query().eq('name', 'a&therapist_id=eq.x'), 'name=eq.a%26therapist_id%3Deq.x'],
    [query().eq('name', 'Ann + Bo #1 100%'), 'name=eq.Ann%20%2B%20Bo%20%231%20100%25'],
    [query().in('name', ['a,b', 'x"y', 'back\\slash', 'c)', 'plain']), 'name=in.(%22a,b%22,%22x%5C%22y%22,%22back%5C%5Cslash%22,%22c)%22,plain)'],
    [query().in('name', ['']), 'name=in.(%22%22,%22%22)'],
    [query().ilike('name', '50%_off\\'), 'name=ilike.*50%5C%25%5C_off%5C%5C*'],
    [query().or((g) => g.eq('name', 'a,b').ilike('name', 'x)')), 'or=(name.eq.%22a,b%22,name.ilike.%22*x)*%22)'],
  ])('%s', (built, expected) => {
    expect(built.toString()).toBe(expected);
  });

  it('matches a literal * with _ narrowed by an exact regular expression', () => {
    expect(query().ilike('name', 'a*b').toString()).toBe('name=ilike.*a_b*&name=imatch.a%5C*b');
    expect(query().not.ilike('name', 'a*b', 'exact').toString()).toBe('not.and=(name.ilike.a_b,name.imatch.%22%5Ea%5C%5C*b%24%22)');
  });

  it('refuses names that are not identifiers, and bad counts', () => {
    expect(() => query().eq('name;drop', 'x')).toThrow(/not a valid column name/);
    expect(() => query().select(['id', 'a,b'])).toThrow(/not a valid column name/);
    expect(() => query().limit(-1)).toThrow(/0 or more/);
    expect(() => query().gt('price', Number.NaN)).toThrow(/not a number/);
    expect(() => query().or(() => {})).toThrow(/at least one condition/);
  });
});

describe('round trip through the server parser', () => {
  const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !/\p{Cs}/u.test(s)); // lone surrogates cannot be sent

  it('eq and neq keep any text as one value', () => {
    fc.assert(fc.property(text, fc.boolean(), (value, negated) => {
      const built = negated ? query().not.eq('name', value) : query().eq('name', value);
      const { filters } = parseQuery(built.toString());
      expect(filters).toEqual([{ kind: 'condition', column: 'name', negated, operator: 'eq', value }]);
    }));
  });

  it('in keeps any list of texts', () => {
    fc.assert(fc.property(fc.array(text, { maxLength: 6 }), (values) => {
      const [filter] = parseQuery(query().in('name', values).toString()).filters;
      const expected = values.length === 1 && values[0] === '' ? ['', ''] : values;
      expect(filter).toEqual({ kind: 'condition', column: 'name', negated: false, operator: 'in', value: expected });
    }));
  });

  it('a condition inside or() keeps any text', () => {
    fc.assert(fc.property(text, text, (first, second) => {
      const { filters } = parseQuery(query().or((g) => g.eq('name', first).neq('phone', second)).toString());
      expect(filters).toEqual([{
        kind: 'group', negated: false, operator: 'or', filters: [
          { kind: 'condition', column: 'name', negated: false, operator: 'eq', value: first },
          { kind: 'condition', column: 'phone', negated: false, operator: 'neq', value: second },
        ],
      }]);
    }));
  });

  it('user text adds no parameter and no condition', () => {
    fc.assert(fc.property(text, text, (name, phone) => {
      const parsed = parseQuery(query().ilike('name', name).eq('phone', phone).limit(5).toString());
      expect(parsed.filters.filter((f) => f.kind === 'condition' && f.column === 'phone')).toHaveLength(1);
      expect(parsed.limit).toBe(5);
    }));
  });
});
