// Issue 24.8, money is a number, from the CLI: NaN, infinities and amounts over the columns' range
// are refused before anything is sent (exit 2, nothing on stdout, no request), naming the largest
// amount accepted where that is what was wrong.
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { server, home } = await signedInCli({ recordRequests: true });

const writes = () => server.received.filter((request) => request.method !== 'GET');

describe.each([
  [['service', 'add', '--name', 'Swedish', '--duration', '60', '--price']],
  [['expense', 'add', '--category', 'supplies', '--amount']],
])('%j', (command) => {
  it.each(['NaN', 'Infinity', '-Infinity', '1e999', '0x10'])('refuses %j before sending (exit 2)', async (value) => {
    server.received.length = 0;
    const result = await home.run([...command, value]);
    expect({ code: result.code, stdout: result.stdout }, result.stderr).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/expected an amount like 45, 45\.5 or 45\.50/);
    expect(writes()).toEqual([]);
  });

  it('refuses an amount over the largest, naming it', async () => {
    server.received.length = 0;
    const result = await home.run([...command, '100000000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("the largest amount accepted is 99999999.99; got '100000000'");
    expect(writes()).toEqual([]);
    expect((await home.run([...command, '99999999.99'])).code).toBe(0);
  });
});

describe('practice api -F', () => {
  it('refuses a number JSON cannot carry instead of sending null (exit 2)', async () => {
    server.received.length = 0;
    const result = await home.run(['api', 'POST', 'service_menu', '-f', 'name=X', '-F', 'duration=60', '-F', 'price=1e999']);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toContain('-F: 1e999 is too large for a JSON number');
    expect(writes()).toEqual([]);
  });

  it('sends NaN given as text to the service, which refuses it (400, exit 1)', async () => {
    const result = await home.run(['api', 'POST', 'service_menu', '-f', 'name=X', '-F', 'duration=60', '-f', 'price=NaN']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).code).toBe('23514');
  });
});
