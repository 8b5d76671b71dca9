// The PDF writer as the build bundles it (src/build/bundle-cli.mjs): pdfkit and the unicode tables
// it loads inside the writer's chunk, inflated by Node's zlib where the source runs tiny-inflate. The
// built binary must print the very document the source prints: a table of long, wrapped service
// names and accented client names, the tables' line breaking and scripts at work, and a Chinese word
// that brings in the wide (OpenType CFF) font.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { launchPractice } from '../helpers/cli.js';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();
const folder = mkdtempSync(join(tmpdir(), 'practice-pdf-bundled-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function json(args: string[]) {
  const result = await home.run([...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

it('writes the same invoice PDF from the built binary as from the source', async () => {
  const client = await json(['client', 'add', '--name', 'Zoë Łukasiewicz-Groß']);
  const long = await json(['service', 'add', '--name', 'Deep tissue massage with hot stones, aromatherapy and a follow-up stretching plan (指压)',
    '--duration', '90', '--price', '120', '--tax-rate', '19']);
  for (const date of ['2026-03-02', '2026-03-09', '2026-03-16']) {
    await createWithApi(home, 'appointments', { client_id: client.id, service_id: long.id, date, start_time: '10:00', end_time: '11:30', status: 'completed' });
  }
  const created = await home.run(['invoice', 'create', '--client', client.id, '--month', '2026-03']);
  expect(created.code, created.stderr).toBe(0);
  const number = created.stdout.trim();

  const fromSource = join(folder, 'source.pdf');
  const fromBundle = join(folder, 'bundle.pdf');
  const inProcess = await home.run(['invoice', 'pdf', number, '--output', fromSource]);
  expect(inProcess.code, inProcess.stderr).toBe(0);
  const built = await launchPractice(['invoice', 'pdf', number, '--output', fromBundle], home.env).result;
  expect(built.code, built.stderr).toBe(0);

  const text = execFileSync('pdftotext', ['-layout', fromBundle, '-'], { encoding: 'utf8' });
  expect(text).toContain('Zoë Łukasiewicz-Groß');
  expect(text).toContain('(指压)');
  // The name wraps at spaces, within its column: each line of it holds whole words.
  expect(text).toMatch(/Deep tissue massage/);
  expect(text).not.toContain('Deep tissue massage with hot stones, aromatherapy and a follow-up stretching plan (指压)');
  expect(readFileSync(fromBundle).equals(readFileSync(fromSource))).toBe(true);
});
