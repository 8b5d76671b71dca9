// The built binary's tier (test/README.md): the other CLI tests run the program in process through
// run(argv, io), which returns the exit code; here the real process must end with that same code,
// print only what run() printed, and answer --version before the command tree loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome, useBuiltBinary } from '../helpers/cli.js';

useBuiltBinary();

let home: CliHome;

beforeAll(async () => {
  home = await tempHome();
  const added = await home.run(['profile', 'add', 'elsewhere', '--url', 'http://127.0.0.1:9', '--anon-key', 'k', '--time-zone', 'Europe/Berlin']);
  expect(added.code).toBe(0);
});

afterAll(() => home.cleanup());

describe('the process exits with the code the program returns', () => {
  it.each([
    ['a command that worked', ['profile', 'list', '--json', 'name'], 0, /"name": "elsewhere"/],
    ['a failure said by the command itself (no service running)', ['server', 'status'], 1, /not running/],
    ['a usage error found by commander', ['client', 'list', '--no-such-flag'], 2, /unknown option '--no-such-flag'/],
    ['a profile that does not exist', ['auth', 'status', '--profile', 'nowhere'], 2, /nowhere/],
    ['nobody signed in', ['auth', 'token', '--profile', 'elsewhere'], 4, /auth login --profile elsewhere/],
  ])('%s', async (_, args, code, said) => {
    const result = await home.run(args);
    expect(result.code, result.stderr).toBe(code);
    expect(`${result.stdout}${result.stderr}`).toMatch(said);
  });

  it('answers --version with the version alone', async () => {
    const result = await home.run(['--version']);
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), stderr: '' });
  });
});
