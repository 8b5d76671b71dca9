// `practice client import` end to end: headers mapped from a spreadsheet's names, a report of every
// problem with nothing imported, --map and --dry-run, and a second run of one file adding nobody.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliHome, tempHome } from '../helpers/cli.js';
import { startTestServer, type TestServer, type Therapist } from '../helpers/server.js';

let server: TestServer;
let home: CliHome;

beforeAll(async () => {
  server = await startTestServer();
  home = await tempHome();
});

afterAll(async () => {
  await home.cleanup();
  await server.close();
});

const as = (therapist: Therapist) => ({ env: { PRACTICE_URL: server.url, PRACTICE_ANON_KEY: server.keys.anonKey, PRACTICE_TOKEN: therapist.token } });

async function clientsOf(therapist: Therapist): Promise<object[]> {
  const response = await server.request('/clients?select=name,phone,email,status,total_visits&order=name', { headers: therapist.headers });
  return (await response.json()) as object[];
}

async function csvFile(name: string, text: string): Promise<string> {
  const path = join(home.dir, name);
  await writeFile(path, text);
  return path;
}

describe('practice client import', () => {
  it('imports a spreadsheet export, its headers matched and its extra columns named', async () => {
    const therapist = await server.therapist();
    const file = await csvFile('clients.csv', '\uFEFFFirst Name;Last Name;Mobile;E-Mail;Visits;Birthday\r\nAnn;Lee;+49 170 1234;ann@example.com;3;1980-01-01\r\nBen;Ode;;;;\r\n');
    const dry = await home.run(['client', 'import', file, '--dry-run'], as(therapist));
    expect(dry).toMatchObject({ code: 0, stdout: '' });
    expect(dry.stderr).toContain('2 clients would be imported; 0 are already there.');
    expect(await clientsOf(therapist)).toEqual([]);

    const result = await home.run(['client', 'import', file], as(therapist));
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toContain('Ignored columns: Birthday');
    expect(result.stderr).toContain('Imported 2 new clients; 0 were already there.');
    expect(await clientsOf(therapist)).toEqual([
      { name: 'Ann Lee', phone: '+49 170 1234', email: 'ann@example.com', status: 'active', total_visits: 3 },
      { name: 'Ben Ode', phone: null, email: null, status: 'active', total_visits: 0 },
    ]);
  });

  it('reports every problem with its row and column, and imports nothing (exit 2)', async () => {
    const therapist = await server.therapist();
    await home.run(['client', 'import', await csvFile('first.csv', 'name,email\nAnn Lee,ann@example.com\n')], as(therapist));
    const file = await csvFile('bad.csv', 'name,email,phone,status\nCara,cara@example,,\n,dan@example.com,,\nEve,ANN@example.com,4.91701E+11,paused\nFay,fay@example.com,,\n');
    const result = await home.run(['client', 'import', file], as(therapist));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/row 2, column "email": .*\n/);
    expect(result.stderr).toMatch(/row 3, column "name": .*\n/);
    expect(result.stderr).toMatch(/row 4, column "email": .*\n/);
    expect(result.stderr).toMatch(/row 4, column "phone": .*\n/);
    expect(result.stderr).toMatch(/row 4, column "status": .*\n/);
    expect(result.stderr).toContain('5 problems in');
    expect(result.stderr).toContain('nothing was imported');
    expect(await clientsOf(therapist)).toHaveLength(1);
  });

  it('adds nobody when the same file comes again, two identical rows staying two clients', async () => {
    const therapist = await server.therapist();
    const file = await csvFile('twice.csv', 'name,email,phone\nAnn Lee,ann@example.com,\nBen Ode,,555\nBen Ode,,555\nCy Park,,\n');
    const everyone = [
      { name: 'Ann Lee', phone: null, email: 'ann@example.com', status: 'active', total_visits: 0 },
      { name: 'Ben Ode', phone: '555', email: null, status: 'active', total_visits: 0 },
      { name: 'Ben Ode', phone: '555', email: null, status: 'active', total_visits: 0 },
      { name: 'Cy Park', phone: null, email: null, status: 'active', total_visits: 0 },
    ];
    expect((await home.run(['client', 'import', file], as(therapist))).stderr).toContain('Imported 4 new clients; 0 were already there.');
    expect(await clientsOf(therapist)).toEqual(everyone);

    expect((await home.run(['client', 'import', file, '--dry-run'], as(therapist))).stderr).toContain('0 clients would be imported; 4 are already there.');
    const again = await home.run(['client', 'import', file], as(therapist));
    expect(again).toMatchObject({ code: 0, stdout: '' });
    expect(again.stderr).toContain('Imported 0 new clients; 4 were already there.');
    expect(await clientsOf(therapist)).toEqual(everyone);

    // The same rows in another practice are clients of its own.
    const other = await server.therapist();
    expect((await home.run(['client', 'import', file], as(other))).stderr).toContain('Imported 4 new clients; 0 were already there.');
  });

  it('reads a column as the field --map names, or leaves it out', async () => {
    const therapist = await server.therapist();
    const file = await csvFile('mapped.csv', 'Kunde,Handy,Notiz\nGil Paz,555-0101,likes tea\n');
    const result = await home.run(['client', 'import', file, '--map', 'Kunde=name', '--map', 'Handy=phone', '--map', 'Notiz='], as(therapist));
    expect(result.code).toBe(0);
    expect(await clientsOf(therapist)).toEqual([{ name: 'Gil Paz', phone: '555-0101', email: null, status: 'active', total_visits: 0 }]);
    expect((await home.run(['client', 'import', file, '--map', 'Kunde=nickname'], as(therapist))).code).toBe(2);
  });
});
