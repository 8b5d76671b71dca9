// The stored form of passwords, and the hash an unknown email is checked against: it must carry the
// cost of a real hash (test/server/auth-endpoints.test.ts times the two sign-ins), and no password
// may match it.
import { describe, expect, it } from 'vitest';
import { hashPassword, unmatchableHash, verifyPassword } from '../../src/server/auth/password.js';

const COST = 10;

describe('passwords', () => {
  it('match their own hash only', async () => {
    const stored = await hashPassword('correct horse battery', COST);
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('treat a stored form they cannot read as no match', async () => {
    expect(await verifyPassword('x', 'bcrypt$2b$10$whatever')).toBe(false);
  });
});

describe('the hash an unknown email is checked against', () => {
  it('has the stored form and cost of a real hash, a new salt and key each time', async () => {
    const real = await hashPassword('x', COST);
    const [first, second] = [unmatchableHash(COST), unmatchableHash(COST)];
    const shape = (stored: string) => stored.replace(/[\w-]{22}\$[\w-]{43}$/, 'SALT$KEY');
    expect(shape(first)).toBe(shape(real));
    expect(first).not.toBe(second);
  });

  it('matches no password, the empty one included', async () => {
    const stored = unmatchableHash(COST);
    for (const password of ['', 'x', 'correct horse battery']) expect(await verifyPassword(password, stored)).toBe(false);
  });
});
