import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/model/errors.js';
import { formatAmount, isAmount, parseAmount } from '../../src/model/money.js';

const AMOUNT_FORM = 'expected an amount like 45, 45.5 or 45.50';

describe('parseAmount', () => {
  it.each([
    ['45', 45], ['45.5', 45.5], ['45.50', 45.5], ['45.05', 45.05], ['0', 0], ['0.00', 0], ['0.99', 0.99],
    [' 12.30 ', 12.3], ['007', 7], ['99999999.99', 99999999.99],
  ])('%j -> %d', (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });

  it.each([
    '', '1e3', '1E3', '45.555', '45.', '.5', '1,000', '45,50', '$45', '45 EUR', '+45', 'abc', 'NaN',
    'Infinity', 'nan', '0x10', '4 5',
  ])('refuses %j', (text) => {
    expect(() => parseAmount(text)).toThrow(new InvalidInputError(`${AMOUNT_FORM}; got '${text}'`));
  });

  it.each(['100000000', '100000000.5', '123456789012'])('refuses %j, naming the largest amount accepted', (text) => {
    expect(() => parseAmount(text)).toThrow(new InvalidInputError(`the largest amount accepted is 99999999.99; got '${text}'`));
  });

  it.each(['-5', '-0', ' -45.50', '-Infinity'])('refuses %j as negative', (text) => {
    expect(() => parseAmount(text)).toThrow(new InvalidInputError(`${AMOUNT_FORM}; got '${text}', which is negative`));
  });

  it.each([
    ['0', false], ['0.00', false], ['0.01', true], ['45', true],
  ])('with positive, %j is accepted: %s', (text, accepted) => {
    const parse = () => parseAmount(text, { positive: true });
    if (accepted) expect(parse()).toBe(Number(text));
    else expect(parse).toThrow(new InvalidInputError(`${AMOUNT_FORM}, greater than 0; got '${text}'`));
  });
});

describe('isAmount', () => {
  it.each([
    [45, true], [45.5, true], [45.55, true], [0, true], [99999999.99, true],
    [-1, false], [45.555, false], [0.1 + 0.2, false], [100000000, false], [1e-7, false],
    [Number.NaN, false], [Number.POSITIVE_INFINITY, false], [Number.NEGATIVE_INFINITY, false],
  ])('%d -> %s', (value, expected) => {
    expect(isAmount(value)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it.each([
    [45, '45.00'], [45.5, '45.50'], [45.05, '45.05'], [0, '0.00'], [1234.5, '1234.50'],
    [0.1 + 0.2, '0.30'], [99999999.99, '99999999.99'],
  ])('%d -> %s', (amount, text) => {
    expect(formatAmount(amount)).toBe(text);
  });

  it('round-trips with parseAmount', () => {
    for (const text of ['0.00', '0.01', '45.50', '1234.99']) expect(formatAmount(parseAmount(text))).toBe(text);
  });
});
