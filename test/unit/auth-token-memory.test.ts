// Issue 25 (5): the memory of accepted tokens is bounded by bytes as well as by count, so tokens
// carrying large metadata cannot grow the server by a thousand times their size.
import { describe, expect, it } from 'vitest';
import { LeastRecentlyUsed } from '../../src/server/lru.js';
import { REMEMBERED_TOKEN_BYTES, rememberedTokens } from '../../src/server/auth/verify.js';

const remembered = (claimsJson: string) => ({
  identity: { role: 'authenticated' as const, claimsJson, userId: null }, validFrom: 0, validUntil: Infinity,
});

describe('the remembered tokens', () => {
  it('keep a thousand ordinary tokens', () => {
    const memory = rememberedTokens();
    for (let i = 0; i < 1200; i++) memory.set(`token-${i}-${'t'.repeat(800)}`, remembered(`{"sub":"${i}"}`));
    expect(memory.size.entries).toBe(1000);
    expect(memory.get(`token-1199-${'t'.repeat(800)}`)).toBeDefined();
    expect(memory.get(`token-0-${'t'.repeat(800)}`)).toBeUndefined();
  });

  it('stay within their byte budget when every token is large, keeping the newest', () => {
    const memory = rememberedTokens();
    const big = 'm'.repeat(400_000);
    for (let i = 0; i < 100; i++) memory.set(`token-${i}-${big}`, remembered(`{"user_metadata":"${big}"}`));
    expect(memory.size.weight).toBeLessThanOrEqual(REMEMBERED_TOKEN_BYTES);
    expect(memory.size.entries).toBeLessThan(100);
    expect(memory.get(`token-99-${big}`)).toBeDefined();
  });

  it('do not keep a token heavier than the whole budget', () => {
    const memory = rememberedTokens();
    memory.set('small', remembered('{}'));
    memory.set('huge', remembered('x'.repeat(REMEMBERED_TOKEN_BYTES)));
    expect(memory.get('huge')).toBeUndefined();
    expect(memory.get('small')).toBeDefined();
  });
});

describe('LeastRecentlyUsed with a budget', () => {
  it('accounts for replaced and deleted entries', () => {
    const memory = new LeastRecentlyUsed<string, number>(10, { max: 100, weigh: (_key, value) => value });
    memory.set('a', 40);
    memory.set('b', 40);
    memory.set('a', 10);
    expect(memory.size).toEqual({ entries: 2, weight: 50 });
    memory.delete('b');
    expect(memory.size).toEqual({ entries: 1, weight: 10 });
    // 10 + 95 passes 100: the oldest goes.
    expect(memory.set('c', 95)).toEqual(['a', 10]);
    expect(memory.size).toEqual({ entries: 1, weight: 95 });
  });
});
