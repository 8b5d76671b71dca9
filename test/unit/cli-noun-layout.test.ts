// The per-noun layout of src/cli (docs/architecture.md): a folder per noun, a file per verb at its
// top, what a noun's verbs share in its shared.ts (or, for a large noun, in folders beside the verbs:
// appt/shared/, appt/series/), what several nouns use in cli/shared/. A verb file is one that exports
// a `...Command(` builder; only its noun's index.ts registers it, and no noun reaches into another
// noun's folder, but `practice mcp`, whose tools call the verbs' run functions (loaded on a call).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = new URL('../../src/cli/', import.meta.url).pathname;
const nouns = readdirSync(CLI, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'shared').map((entry) => entry.name);

interface SourceFile {
  noun: string;
  /** The path inside the noun's folder: `add.ts`, `shared/concerns.ts`. */
  name: string;
  text: string;
}

const files: SourceFile[] = nouns.flatMap((noun) =>
  readdirSync(join(CLI, noun), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ noun, name, text: readFileSync(join(CLI, noun, name), 'utf8') })));

const importsOf = (file: SourceFile) => [...file.text.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
/** The front end over the other nouns: its tools answer with their verbs. */
const callsVerbs = (file: SourceFile) => file.noun === 'mcp';
/** An import of `file` as a path from src/cli: `appt/shared/concerns.js`, `shared/input.js`. */
const targetOf = (file: SourceFile, path: string) => relative(CLI, normalize(join(CLI, file.noun, dirname(file.name), path)));
const isVerb = (file: SourceFile) => !file.name.endsWith('index.ts') && /^export function \w+Command\(/m.test(file.text);

describe('src/cli nouns', () => {
  it('finds the verb files it checks', () => {
    const verbs = files.filter(isVerb).map((file) => `${file.noun}/${file.name}`);
    expect(verbs).toEqual(expect.arrayContaining(['appt/add.ts', 'appt/update.ts', 'client/add.ts', 'note/amend.ts']));
  });

  it('but mcp call verbs through their run functions, loaded when a tool is called', () => {
    const mcp = files.filter(callsVerbs);
    expect(mcp.flatMap((file) => [...file.text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => targetOf(file, match[1]!)))
      .filter((target) => nouns.some((noun) => noun !== 'mcp' && target.startsWith(`${noun}/`)))).toEqual([]);
    expect(mcp.some((file) => /import\('\.\.\/\.\.\/appt\/add\.js'\)/.test(file.text))).toBe(true);
  });

  it('keep their verbs at the top of their folder', () => {
    expect(files.filter((file) => isVerb(file) && file.name.includes('/')).map((file) => `${file.noun}/${file.name}`)).toEqual([]);
  });

  it('import no verb file but from their own index.ts', () => {
    const verbs = new Set(files.filter(isVerb).map((file) => `${file.noun}/${file.name.replace(/\.ts$/, '.js')}`));
    const offending = files
      .filter((file) => file.name !== 'index.ts' && !callsVerbs(file))
      .flatMap((file) => importsOf(file)
        .filter((path) => verbs.has(targetOf(file, path)))
        .map((path) => `${file.noun}/${file.name} imports ${path}`));
    expect(offending).toEqual([]);
  });

  it('import nothing from another noun (what several use lives in cli/shared)', () => {
    const offending = files.filter((file) => !callsVerbs(file)).flatMap((file) => importsOf(file)
      .filter((path) => nouns.some((noun) => noun !== file.noun && targetOf(file, path).startsWith(`${noun}/`)))
      .map((path) => `${file.noun}/${file.name} imports ${path}`));
    expect(offending).toEqual([]);
  });
});
