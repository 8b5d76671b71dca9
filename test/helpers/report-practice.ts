// A small practice's autumn of 2025, for the report tests: five clients, two services (Swedish 60
// goes from 80.00 to 90.50 in mid-November), appointments of every status, and the year's expenses,
// seeded through `practice api` in a few bulk writes. The totals are worked out by hand in each test.
import { weekdayAhead } from './days.js';
import type { SignedInHome } from './signed-in-cli.js';

export type Ids = Record<string, string>;

/** `practice api <method> <table> --input -` with `rows` as the body; the stored rows. */
export async function bulk(home: SignedInHome, method: 'POST' | 'PATCH', path: string, rows: unknown, query: string[] = []): Promise<Array<Record<string, any>>> {
  const flags = query.flatMap((item) => ['-q', item]);
  const result = await home.run(['api', method, path, ...flags, '--input', '-', '-H', 'Prefer: return=representation'], { input: JSON.stringify(rows) });
  if (result.code !== 0) throw new Error(`${method} ${path}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

const byName = (rows: Array<Record<string, any>>): Ids => Object.fromEntries(rows.map((row) => [row.name, row.id]));

export async function seedAutumn(home: SignedInHome): Promise<{ clients: Ids; services: Ids }> {
  const clients = byName(await bulk(home, 'POST', 'clients', ['Ann', 'Bob', 'Cleo', 'Dora', 'Eve'].map((name) => ({ name }))));
  const services = byName(await bulk(home, 'POST', 'service_menu', [
    { name: 'Swedish 60', duration: 60, price: 80 },
    { name: 'Deep tissue 90', duration: 90, price: 120 },
  ]));
  const visit = (client: string, date: string, start: string, status: string, service: string | null, price: number | null = null) => ({
    client_id: clients[client], date, start_time: start, end_time: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:30`,
    status, service_id: service === null ? null : services[service], price,
  });
  await bulk(home, 'POST', 'appointments', [
    visit('Dora', '2025-08-01', '09:00', 'completed', 'Swedish 60'),
    visit('Eve', '2025-09-15', '09:00', 'completed', 'Swedish 60'),
    visit('Ann', '2025-10-31', '09:00', 'completed', 'Swedish 60'),
    visit('Ann', '2025-11-03', '09:00', 'completed', 'Swedish 60'),
    visit('Bob', '2025-11-05', '09:00', 'completed', 'Deep tissue 90'),
    visit('Cleo', '2025-11-10', '09:00', 'completed', 'Swedish 60'),
    visit('Bob', '2025-11-12', '09:00', 'completed', null, 0.1),
    visit('Bob', '2025-11-13', '09:00', 'completed', null, 0.2),
  ]);
  // The price changes mid-month: bookings made from now on keep 90.50, earlier ones keep 80.00.
  await bulk(home, 'PATCH', 'service_menu', { price: 90.5 }, [`id=eq.${services['Swedish 60']}`]);
  await bulk(home, 'POST', 'appointments', [
    visit('Ann', '2025-11-17', '09:00', 'completed', 'Swedish 60'),
    visit('Bob', '2025-11-18', '09:00', 'cancelled', 'Swedish 60'),
    visit('Cleo', '2025-11-19', '09:00', 'no_show', 'Deep tissue 90'),
    visit('Cleo', '2025-11-24', '09:00', 'completed', 'Swedish 60'),
    visit('Ann', '2025-11-26', '09:00', 'completed', null),
    visit('Bob', '2025-12-01', '09:00', 'completed', 'Deep tissue 90'),
    // Booked ahead of today, whenever the suite runs: a client booked from today on has not lapsed.
    visit('Eve', weekdayAhead(2, 14), '09:00', 'scheduled', 'Swedish 60'),
  ]);
  await bulk(home, 'POST', 'expenses', [
    { date: '2025-01-10', amount: 300, category: 'insurance' },
    { date: '2025-11-02', amount: 900, category: 'rent' },
    { date: '2025-11-15', amount: 42.5, category: 'supplies' },
    { date: '2025-11-20', amount: 0.1, category: 'supplies' },
    { date: '2025-11-21', amount: 0.2, category: 'supplies' },
    { date: '2025-12-05', amount: 12, category: 'laundry' },
  ]);
  return { clients, services };
}
