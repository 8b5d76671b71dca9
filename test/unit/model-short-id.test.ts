import { describe, expect, it } from 'vitest';
import { AmbiguousIdError, InvalidInputError, UnknownIdError } from '../../src/model/errors.js';
import { matchIdPrefix, shortId } from '../../src/model/short-id.js';

const ANN = '3f2a9c1b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const BEN = '3f2a9c1b-9999-4f60-8a7b-9c0d1e2f3a4b'; // shares its first 8 characters with ANN
const CAL = '3f2a0000-1111-4222-8333-444455556666'; // shares its first 4 characters with both
const DEE = 'a0b1c2d3-e4f5-4a6b-8c7d-8e9f0a1b2c3d';
const IDS = [ANN, BEN, CAL, DEE];

describe('shortId', () => {
  it.each([
    [ANN, '3f2a9c1b'],
    [DEE, 'a0b1c2d3'],
    ['A0B1C2D3-E4F5-4A6B-8C7D-8E9F0A1B2C3D', 'a0b1c2d3'],
  ])('%s -> %s', (id, short) => {
    expect(shortId(id)).toBe(short);
  });
});

describe('matchIdPrefix', () => {
  it.each([
    ['a0b1', DEE],
    ['a0b1c2d3', DEE],
    ['A0B1C2D3', DEE],
    [' a0b1c2 ', DEE],
    [DEE, DEE],
    ['3f2a9c1b-4', ANN],
    ['3f2a9c1b-4d5e', ANN],
    ['3f2a0', CAL],
    [BEN.toUpperCase(), BEN],
  ])('%j -> %s', (prefix, id) => {
    expect(matchIdPrefix(prefix, IDS, 'client')).toBe(id);
  });

  it('finds an id listed twice once', () => {
    expect(matchIdPrefix('a0b1', [DEE, DEE], 'client')).toBe(DEE);
  });

  it.each([
    ['ffff', 'ffff'],
    ['3F2A9C1C', '3f2a9c1c'],
    ['3f2a9c1b-4d5f', '3f2a9c1b-4d5f'],
  ])('refuses %j, which matches nothing', (prefix, normalised) => {
    const error = catchError(() => matchIdPrefix(prefix, IDS, 'client'));
    expect(error).toBeInstanceOf(UnknownIdError);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ prefix: normalised, what: 'client', message: `no client has an id starting with ${normalised}` });
  });

  it('refuses a prefix when there are no ids at all', () => {
    expect(() => matchIdPrefix('a0b1', [], 'appointment')).toThrow(UnknownIdError);
  });

  it.each([
    // Candidates are shown by the shortest prefix, 8 characters at least, that tells them apart.
    ['3f2a', ['3f2a9c1b-4', '3f2a9c1b-9', '3f2a0000'], '3f2a matches 3 client ids: 3f2a9c1b-4, 3f2a9c1b-9, 3f2a0000'],
    ['3f2a9', ['3f2a9c1b-4', '3f2a9c1b-9'], '3f2a9 matches 2 client ids: 3f2a9c1b-4, 3f2a9c1b-9'],
    ['3F2A9C1B', ['3f2a9c1b-4', '3f2a9c1b-9'], '3f2a9c1b matches 2 client ids: 3f2a9c1b-4, 3f2a9c1b-9'],
  ])('refuses %j, which matches several', (prefix, candidates, message) => {
    const error = catchError(() => matchIdPrefix(prefix, IDS, 'client'));
    expect(error).toBeInstanceOf(AmbiguousIdError);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ candidates, message });
  });

  it('lists candidates by a prefix that tells each apart from the others', () => {
    const error = catchError(() => matchIdPrefix('3f2a', [ANN, CAL], 'note'));
    expect(error).toMatchObject({ candidates: ['3f2a9c1b', '3f2a0000'] });
  });

  it.each(['', '3f2', 'a-b-c-d', '3f2a-9c1b', 'xyz1', '3f2a!', '-3f2a', 'g000', `${DEE}0`])('refuses %j as not an id prefix', (prefix) => {
    const error = catchError(() => matchIdPrefix(prefix, IDS, 'client'));
    expect(error).not.toBeInstanceOf(UnknownIdError);
    expect(error).not.toBeInstanceOf(AmbiguousIdError);
    expect(error).toEqual(
      new InvalidInputError(`expected a client id or a prefix of at least 4 hex characters like 3f2a9c1b; got '${prefix}'`),
    );
  });
});

function catchError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
