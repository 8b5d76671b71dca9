// `practice api` end to end: query parameters, text and typed fields, --input, headers, -i, error
// bodies on stdout with the exit code of the failure, and the auth root.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();

const representation = ['-H', 'Prefer: return=representation'];

describe('practice api', () => {
  it('creates with -f/-F, reads with -q, updates by filter', async () => {
    const created = await home.run(['api', 'POST', 'clients', '-f', 'name=Ann Lee', '-f', 'phone=555-0100', '-F', 'total_visits=3', ...representation]);
    expect(created.code).toBe(0);
    const [ann] = JSON.parse(created.stdout);
    expect(ann).toMatchObject({ name: 'Ann Lee', phone: '555-0100', total_visits: 3, status: 'active' });

    const listed = await home.run(['api', 'GET', 'clients', '-q', 'select=name,total_visits', '-q', 'name=eq.Ann Lee']);
    expect(listed).toMatchObject({ code: 0, stdout: '[{"name":"Ann Lee","total_visits":3}]' });

    const patched = await home.run(['api', 'PATCH', `clients?id=eq.${ann.id}`, '-F', 'total_visits=4', '-F', 'notes=null', ...representation]);
    expect(JSON.parse(patched.stdout)[0]).toMatchObject({ total_visits: 4, notes: null });

    const byField = await home.run(['api', 'GET', 'clients', '-f', 'select=id', '-f', `id=eq.${ann.id}`]);
    expect(JSON.parse(byField.stdout)).toEqual([{ id: ann.id }]);
  });

  it('sends a file or stdin with --input', async () => {
    const path = join(home.dir, 'client.json');
    await writeFile(path, JSON.stringify({ name: 'From File' }));
    const fromFile = await home.run(['api', 'POST', 'clients', '--input', path, ...representation]);
    expect(JSON.parse(fromFile.stdout)[0].name).toBe('From File');
    const fromStdin = await home.run(['api', 'POST', 'clients', '--input', '-', ...representation], { input: '[{"name":"From Stdin"}]' });
    expect(JSON.parse(fromStdin.stdout)[0].name).toBe('From Stdin');
  });

  it('prints the status line and headers with -i', async () => {
    const result = await home.run(['api', 'GET', 'clients', '-i', '-q', 'limit=0']);
    expect(result.stdout).toMatch(/^HTTP 200 OK\n(.+: .+\n)+\n\[\]$/);
    expect(result.stdout).toContain('content-range: */*');
  });

  it('reaches the auth root with a path from the project root', async () => {
    const result = await home.run(['api', 'GET', '/auth/v1/user']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).email).toBe(home.email);
  });

  it('prints an error body on stdout and the error on stderr (exit 1)', async () => {
    const result = await home.run(['api', 'GET', 'no_such_table']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).code).toBe('PGRST205');
    expect(result.stderr).toMatch(/^error: Could not find the table 'public.no_such_table' in the schema cache\n/);
  });

  it('refuses malformed flags before sending anything (exit 2)', async () => {
    for (const args of [
      ['api', 'GET', 'clients', '-q', 'novalue'],
      ['api', 'G ET', 'clients'],
      ['api', 'POST', 'clients', '-f', 'name=x', '--input', '-'],
      ['api', 'GET', 'clients', '-H', 'no colon'],
      ['api', 'POST', 'clients', '-F', 'name=@/no/such/file'],
    ]) {
      const result = await home.run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
    }
  });
});
