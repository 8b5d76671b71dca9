// `practice completion`: the checked-in scripts are what the CLI prints now (regenerate with
// completions/generate.sh), and the bash script completes commands, flags, values and profile names.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type CliHome, tempHome } from '../helpers/cli.js';

const COMPLETIONS = fileURLToPath(new URL('../../completions/', import.meta.url));
const FILES = { bash: 'practice.bash', zsh: '_practice', fish: 'practice.fish' };

let home: CliHome;
let bashScript: string;

beforeAll(async () => {
  home = await tempHome();
  await home.run(['profile', 'add', 'work', '--url', 'https://work.example', '--anon-key', 'key']);
  bashScript = join(home.dir, 'practice.bash');
  await writeFile(bashScript, (await home.run(['completion', 'bash'])).stdout);
});

afterAll(() => home.cleanup());

/** What bash offers for the command line `line` (the last word is the one being completed). */
async function complete(line: string): Promise<string[]> {
  const words = line.split(' ');
  const script = `
practice() { ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"; }
source ${JSON.stringify(bashScript)}
COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_practice
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await promisify(execFile)('bash', ['-c', script], { env: home.env });
  return stdout.split('\n').filter(Boolean);
}

describe('practice completion', () => {
  it.each(Object.entries(FILES))('the checked-in %s script is current (else run completions/generate.sh)', async (shell, file) => {
    const printed = await home.run(['completion', shell]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(await readFile(join(COMPLETIONS, file), 'utf8'));
  });

  it('completes nouns, verbs, flags and fixed values in bash', async () => {
    expect(await complete('practice im')).toEqual(['import']);
    expect(await complete('practice -p work profile l')).toEqual(['list']);
    expect(await complete('practice import --dr')).toEqual(['--dry-run']);
    expect(await complete('practice profile ls --format ')).toEqual(['csv', 'ndjson']);
    expect(await complete('practice completion ')).toEqual(['bash', 'zsh', 'fish']);
  });

  it('completes profile names by asking the CLI', async () => {
    expect(await complete('practice --profile ')).toEqual(['local', 'work']);
    expect(await complete('practice profile use w')).toEqual(['work']);
  });

  it('refuses an unknown shell (exit 2)', async () => {
    const result = await home.run(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('bash, zsh, fish');
  });
});
