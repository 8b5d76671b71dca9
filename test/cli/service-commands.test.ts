// `practice service list/add/update/retire/delete` end to end: the built binary against a real
// service, with the exact query strings it sends, bad input refused before sending (exit 2), and 409s.
import { describe, expect, it } from 'vitest';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { server, home, me } = await signedInCli({ recordRequests: true });

const sentTo = (table: string) => server.received.filter((request) => request.url.startsWith(`/rest/v1/${table}`));

async function add(...args: string[]) {
  const result = await home.run(['service', 'add', ...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('practice service', () => {
  it('adds services with a client-chosen id and lists them by name', async () => {
    const swedish = await add('--name', 'Swedish 60', '--duration', '60', '--price', '80');
    expect(swedish).toMatchObject({ name: 'Swedish 60', duration: 60, price: 80, buffer_minutes: 0, active: true, description: null, therapist_id: me });
    const deep = await add('--name', 'Deep tissue 90', '--duration', '90', '--price', '125.50', '--buffer', '15', '--description', 'Slow, firm pressure');
    expect(deep).toMatchObject({ duration: 90, price: 125.5, buffer_minutes: 15, description: 'Slow, firm pressure' });
    const post = sentTo('service_menu').find((request) => request.method === 'POST');
    expect(post?.url).toBe('/rest/v1/service_menu');

    server.received.length = 0;
    const listed = await home.run(['service', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(
      `${deep.id.slice(0, 8)}\tDeep tissue 90\t90 min\t125.50\t15 min\tSlow, firm pressure\n${swedish.id.slice(0, 8)}\tSwedish 60\t60 min\t80.00\t\t\n`,
    );
    expect(sentTo('service_menu')).toEqual([{ method: 'GET', url: `/rest/v1/service_menu?therapist_id=eq.${me}&order=name.asc,id.asc` }]);
  });

  it('fetches only the fields --json names (plus active, to leave retired ones out)', async () => {
    const result = await home.run(['service', 'list', '--json', 'name,price']);
    expect(JSON.parse(result.stdout)).toEqual([{ name: 'Deep tissue 90', price: 125.5 }, { name: 'Swedish 60', price: 80 }]);
    expect(sentTo('service_menu')[0]!.url).toBe(`/rest/v1/service_menu?therapist_id=eq.${me}&order=name.asc,id.asc&select=name,price,active`);
  });

  it('updates a service named by name or id prefix', async () => {
    const byName = await home.run(['service', 'update', 'swedish 60', '--price', '85', '--duration', '75', '--json']);
    expect(byName.code, byName.stderr).toBe(0);
    const updated = JSON.parse(byName.stdout);
    expect(updated).toMatchObject({ name: 'Swedish 60', price: 85, duration: 75 });
    expect(sentTo('service_menu').at(-1)).toEqual({ method: 'PATCH', url: `/rest/v1/service_menu?id=eq.${updated.id}` });

    const byPrefix = await home.run(['service', 'update', updated.id.slice(0, 6), '--description', 'Classic relaxation', '--json', 'description']);
    expect(JSON.parse(byPrefix.stdout)).toEqual({ description: 'Classic relaxation' });
    expect(byPrefix.stderr).toContain(`Updated Swedish 60 (${updated.id.slice(0, 8)})`);
  });

  it('refuses bad input naming the flag, before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['add', '--name', 'X', '--duration', 'sixty', '--price', '80'], '--duration: expected a whole number of 1 or more'],
      [['add', '--name', 'X', '--duration', '0', '--price', '80'], '--duration: expected a whole number of 1 or more'],
      [['add', '--name', 'X', '--duration', '1441', '--price', '80'], '--duration:'],
      [['add', '--name', 'X', '--duration', '60', '--price', '80.505'], '--price: expected an amount like 45'],
      [['add', '--name', 'X', '--duration', '60', '--price', '-5'], '--price: expected an amount like 45, 45.5 or 45.50; got \'-5\', which is negative'],
      [['add', '--name', '  ', '--duration', '60', '--price', '5'], '--name: must not be empty'],
      [['add', '--name', 'X', '--duration', '60', '--price', '5', '--buffer', '-1'], '--buffer: expected a whole number of 0 or more'],
      [['add', '--duration', '60', '--price', '5'], "required option '--name <name>' not specified"],
      [['update', 'Swedish 60'], 'nothing to update'],
      [['update', 'Swedish 60', '--price', 'free'], '--price: expected an amount'],
    ] as const) {
      const result = await home.run(['service', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
      expect(result.stdout).toBe('');
    }
    expect(sentTo('service_menu')).toEqual([]);
  });

  it('names the service that already has the name (409, exit 1)', async () => {
    const result = await home.run(['service', 'add', '--name', 'SWEDISH 60', '--duration', '60', '--price', '80']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Service Swedish 60 \([0-9a-f]{8}\) already has the name SWEDISH 60\.\n/);
    expect(result.stdout).toBe('');
  });

  it('says which service a name or prefix fails to name (not found, exit 1)', async () => {
    const none = await home.run(['service', 'update', 'Hot stone', '--price', '1']);
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr).toContain("<service>: no service matches 'Hot stone'");
  });

  it('retires a service only with --yes when nobody can be asked, and lists it with --all', async () => {
    const refused = await home.run(['service', 'retire', 'Deep tissue 90']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes.');
    expect(sentTo('service_menu').filter((request) => request.method === 'PATCH')).toEqual([]);

    const retired = await home.run(['service', 'retire', 'Deep tissue 90', '--yes']);
    expect(retired.code, retired.stderr).toBe(0);
    expect(retired.stderr).toMatch(/Retired Deep tissue 90 \([0-9a-f]{8}\)/);

    const active = await home.run(['service', 'list', '--json', 'name']);
    expect(JSON.parse(active.stdout)).toEqual([{ name: 'Swedish 60' }]);
    const all = await home.run(['service', 'list', '--all']);
    expect(all.stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[1])).toEqual(['Deep tissue 90 (retired)', 'Swedish 60']);
    const json = await home.run(['service', 'list', '--all', '--json', 'name,active']);
    expect(JSON.parse(json.stdout)).toEqual([{ name: 'Deep tissue 90', active: false }, { name: 'Swedish 60', active: true }]);
  });
});

describe('practice service delete', () => {
  const stored = async (id: string) => JSON.parse((await home.run(['api', 'GET', 'service_menu', '-q', `id=eq.${id}`])).stdout);

  it('deletes an unused service named by name, only with --yes when nobody can be asked', async () => {
    const typo = await add('--name', 'Swedsh 60', '--duration', '60', '--price', '80');
    server.received.length = 0;
    const refused = await home.run(['service', 'delete', 'Swedsh 60']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Deleting a service needs confirmation, which cannot be asked without a terminal.\nhint: Pass --yes.');
    expect(sentTo('service_menu')).toEqual([]);

    const deleted = await home.run(['service', 'delete', 'Swedsh 60', '--yes']);
    const label = `Swedsh 60 (${typo.id.slice(0, 8)})`;
    expect(deleted).toEqual({ code: 0, stdout: '', stderr: `✓ Deleted ${label} from the menu.\n` });
    expect(sentTo('service_menu').at(-1)).toEqual({ method: 'DELETE', url: `/rest/v1/service_menu?id=eq.${typo.id}` });
    expect(await stored(typo.id)).toEqual([]);
  });

  it("passes on the service's 409 for a service appointments are booked with, with the hint to retire it", async () => {
    const service = await add('--name', 'Reflexology 30', '--duration', '30', '--price', '40');
    const client = await createWithApi(home, 'clients', { name: 'Bo Chen' });
    await createWithApi(home, 'appointments', { client_id: client.id, service_id: service.id, date: '2026-05-04', start_time: '10:00', end_time: '10:30' });
    const result = await home.run(['service', 'delete', service.id.slice(0, 6), '--yes']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: Cannot delete service Reflexology 30: appointments refer to it\n'
      + `details: Service ${service.id} is booked in 1 appointment(s).\n`
      + `hint: Retire it instead; its appointments keep it: \`practice service retire ${service.id.slice(0, 8)}\`.\n`);
    expect(await stored(service.id)).toEqual([expect.objectContaining({ name: 'Reflexology 30', active: true })]);
  });

  it('says which service a name fails to name (not found, exit 1)', async () => {
    const result = await home.run(['service', 'delete', 'Hot stone', '--yes']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain("<service>: no service matches 'Hot stone'");
    expect(sentTo('service_menu').map((request) => request.method)).toEqual(['GET']);
  });
});
