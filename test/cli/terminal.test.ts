// The CLI in-process on streams that say they are a terminal: the table view, colour, and
// --no-input turning prompts off even at a terminal. (prompts.test.ts answers questions on a real
// pseudo-terminal, through the built binary.)
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/program.js';
import { type CliHome, tempHome } from '../helpers/cli.js';

let home: CliHome;

beforeAll(async () => {
  home = await tempHome();
  await home.run(['profile', 'add', 'clinic', '--url', 'https://abcd.supabase.co', '--anon-key', 'k', '--time-zone', 'Europe/Berlin']);
});

afterAll(async () => {
  await home.cleanup();
});

/** Runs `practice <argv>` in this process with stdin, stdout and stderr all terminals. */
async function onFakeTerminal(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const stream = () => Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
  const io = { stdin: stream(), stdout: stream(), stderr: stream() };
  const programIO = { io, env: { ...home.env, ...env }, now: () => new Date(), self: { execPath: process.execPath, script: 'practice' } };
  const code = await run(argv, programIO);
  const text = (s: PassThrough) => s.read()?.toString() ?? '';
  return { code, stdout: text(io.stdout), stderr: text(io.stderr) };
}

describe('at a terminal', () => {
  it('prints an aligned table with bold headings', async () => {
    const { code, stdout } = await onFakeTerminal(['profile', 'list']);
    expect(code).toBe(0);
    const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;
    expect(stdout).toBe([
      `${bold(' ')}  ${bold('NAME')}    ${bold('URL')}                           ${bold('SIGNED IN AS')}  ${bold('TIME ZONE')}`,
      '*  local   (local service, not running)                UTC',
      '   clinic  https://abcd.supabase.co                    Europe/Berlin',
      '',
    ].join('\n'));
  });

  it('prints no colour with NO_COLOR', async () => {
    const { stdout } = await onFakeTerminal(['profile', 'list'], { NO_COLOR: '1' });
    expect(stdout).not.toContain('\u001b[');
    expect(stdout.split('\n')[0]).toBe('   NAME    URL                           SIGNED IN AS  TIME ZONE');
  });

  it('never prompts with --no-input, and says which flag to pass', async () => {
    const { code, stderr } = await onFakeTerminal(['--no-input', 'auth', 'login', '--profile', 'clinic']);
    expect(code).toBe(2);
    expect(stderr).toContain('No email address given, and it cannot be asked with --no-input.');
    expect(stderr).toContain('hint: Pass --email (and --password-stdin).');
  });
});
