// Stage 1 (parse) of the REST pipeline, for headers: Prefer -> Preferences, Range -> RangeHeader.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/server/errors.js';
import { parsePrefer, parseRangeHeader } from '../../src/server/rest/parse-prefer.js';
import type { Preferences } from '../../src/server/rest/query.js';

const none: Preferences = {
  return: null, params: null, count: null, resolution: null, missing: null, handling: null, timezone: null, maxAffected: null, applied: [],
};

describe('parsePrefer', () => {
  it.each<[string | undefined, Partial<Preferences>]>([
    [undefined, {}],
    ['', {}],
    ['return=minimal', { return: 'minimal', applied: ['return=minimal'] }],
    ['return=representation', { return: 'representation', applied: ['return=representation'] }],
    ['return=headers-only', { return: 'headers-only', applied: ['return=headers-only'] }],
    ['count=exact', { count: 'exact', applied: ['count=exact'] }],
    // Counted exactly; echoed as asked (see parse-prefer.ts for why).
    ['count=planned', { count: 'exact', applied: ['count=planned'] }],
    ['count=estimated', { count: 'exact', applied: ['count=estimated'] }],
    ['resolution=merge-duplicates', { resolution: 'merge-duplicates', applied: ['resolution=merge-duplicates'] }],
    ['resolution=ignore-duplicates', { resolution: 'ignore-duplicates', applied: ['resolution=ignore-duplicates'] }],
    // PostgREST 12's (13 removed it), echoed after return= as 12 orders them.
    ['count=exact, params=single-object, return=minimal', { params: 'single-object', count: 'exact', return: 'minimal', applied: ['return=minimal', 'params=single-object', 'count=exact'] }],
  ])('%s', (header, expected) => {
    expect(parsePrefer(header)).toEqual({ ...none, ...expected });
  });

  it('reads several preferences from one header, or from several joined with ", "', () => {
    const expected: Preferences = {
      ...none, return: 'representation', count: 'exact', resolution: 'merge-duplicates',
      // PostgREST's Preference-Applied order: resolution, return, count.
      applied: ['resolution=merge-duplicates', 'return=representation', 'count=exact'],
    };
    expect(parsePrefer('count=exact,return=representation,resolution=merge-duplicates')).toEqual(expected);
    expect(parsePrefer('return=representation, count=exact, resolution=merge-duplicates')).toEqual(expected);
  });

  it('tolerates any amount of space around tokens', () => {
    expect(parsePrefer('  count=exact  ,\treturn=minimal ,')).toMatchObject({ count: 'exact', return: 'minimal' });
  });

  it('takes the first of repeated preferences, across headers too', () => {
    expect(parsePrefer('return=minimal, return=representation')).toMatchObject({ return: 'minimal', applied: ['return=minimal'] });
    expect(parsePrefer('resolution=ignore-duplicates, resolution=merge-duplicates').resolution).toBe('ignore-duplicates');
  });

  it.each([
    'params=multiple-objects',
    'return=Representation',
    'count = exact',
    'count=exact;q=1',
    'return',
    'RETURN=MINIMAL',
  ])('ignores what it does not recognise: %s', (header) => {
    expect(parsePrefer(header)).toEqual(none);
  });

  it('keeps the recognised ones among unknown ones', () => {
    expect(parsePrefer('handling=lenient, return=representation, foo')).toEqual({
      ...none, return: 'representation', handling: 'lenient', applied: ['return=representation', 'handling=lenient'],
    });
  });

  it('reads missing, handling, timezone and max-affected, echoed in PostgREST order', () => {
    expect(parsePrefer('max-affected=5, timezone=America/Los_Angeles, handling=strict, count=exact, return=minimal, missing=default, resolution=ignore-duplicates, tx=rollback')).toEqual({
      return: 'minimal', params: null, count: 'exact', resolution: 'ignore-duplicates', missing: 'default', handling: 'strict',
      timezone: 'America/Los_Angeles', maxAffected: 5,
      applied: ['resolution=ignore-duplicates', 'missing=default', 'return=minimal', 'count=exact', 'handling=strict',
        'timezone=America/Los_Angeles', 'max-affected=5'],
    });
  });

  it('honours max-affected only with handling=strict, and only a whole number', () => {
    expect(parsePrefer('max-affected=5')).toEqual(none);
    expect(parsePrefer('handling=lenient, max-affected=5')).toMatchObject({ maxAffected: null, applied: ['handling=lenient'] });
    expect(parsePrefer('handling=strict, max-affected=five')).toMatchObject({ maxAffected: null, applied: ['handling=strict'] });
  });

  it('refuses unrecognised preferences under handling=strict: 400 PGRST122 naming them', () => {
    const refusal = (() => {
      try {
        parsePrefer('handling=strict, foo, return=minimal, bar');
      } catch (err) {
        return err as ServiceError;
      }
      throw new Error('no refusal');
    })();
    expect(refusal).toBeInstanceOf(ServiceError);
    expect(refusal.status).toBe(400);
    expect(refusal.body).toEqual({
      code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details: 'Invalid preferences: foo, bar', hint: null,
    });
  });
});

describe('parseRangeHeader', () => {
  it.each([
    ['0-24', { first: 0, last: 24 }],
    ['10-', { first: 10, last: null }],
    ['0-0', { first: 0, last: 0 }],
    ['007-010', { first: 7, last: 10 }],
    ['5-99999999999999999999', { first: 5, last: Number.MAX_SAFE_INTEGER }],
  ])('%s', (header, expected) => {
    expect(parseRangeHeader(header)).toEqual(expected);
  });

  // PostgREST's RangeQuery.rangeParse matches ^([0-9]+)-([0-9]*)$ and treats anything else as no
  // Range at all; the unit travels in a separate Range-Unit header.
  it.each([undefined, '', 'items=0-24', 'bytes=0-24', '-5', 'a-b', ' 0-1', '0-1 ', '0-1, 2-3', '1--2', '+1-2'])(
    'ignores %j', (header) => {
      expect(parseRangeHeader(header)).toBeNull();
    });

  it('a reversed range is 416 PGRST103 (PostgREST RangeSpec "offside range")', () => {
    let failure: unknown;
    try {
      parseRangeHeader('1-0');
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeInstanceOf(ServiceError);
    const err = failure as ServiceError;
    expect(err.status).toBe(416);
    expect(err.body).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      hint: null,
    });
  });
});
