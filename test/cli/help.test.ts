// Help: the topics (exit-codes, environment, formats), examples first in the help of the commands of
// scripts and cron, and --json field lists that refuse an unknown field with the valid ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';

let home: CliHome;

beforeAll(async () => {
  home = await tempHome();
});

afterAll(() => home.cleanup());

describe('practice help', () => {
  it.each([
    ['exit-codes', /^Exit codes\n[\s\S]*  2    Invalid usage or input[\s\S]*  130  Cancelled with Ctrl-C/],
    ['environment', /^Environment variables\n[\s\S]*PRACTICE_TOKEN/],
    ['formats', /^File formats \(in full: docs\/formats\.md\)\n[\s\S]*prints one JSON object[\s\S]*"format": "practice-export"[\s\S]*UID <appointment id>@practice[\s\S]*all or nothing/],
  ])('prints the %s topic', async (topic, text) => {
    const result = await home.run(['help', topic]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(text);
  });

  it('lists the topics in its own help', async () => {
    const result = await home.run(['help', '--help']);
    expect(result.stdout).toMatch(/Topics:\n  exit-codes .*\n  environment .*\n  formats +the JSON shape rule, and the files export, import and appt export read and write/);
  });

  it.each([['export'], ['import'], ['completion']])('leads the help of %s with examples', async (command) => {
    const result = await home.run([command, '--help']);
    expect(result.code).toBe(0);
    // An example may first make the directory it writes into (completion's do).
    expect(result.stdout).toMatch(new RegExp(`^Examples:\\n  \\$ (mkdir -p \\S+ && )?practice ${command} `));
  });

  it('lists the JSON fields of a list command, and refuses an unknown one with them (exit 2)', async () => {
    expect((await home.run(['profile', 'list', '--help'])).stdout).toContain('JSON fields:\n  name, active, url, signed_in_as, time_zone');
    const result = await home.run(['profile', 'list', '--json', 'name,nope']);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain('unknown field nope; available: name, active, url, signed_in_as, time_zone.');
    const all = await home.run(['profile', 'list', '--json']);
    expect(Object.keys(JSON.parse(all.stdout)[0])).toEqual(['name', 'active', 'url', 'signed_in_as', 'time_zone']);
  });
});
