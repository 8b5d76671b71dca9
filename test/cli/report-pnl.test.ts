// `practice report pnl` end to end: revenue at kept prices less expenses by category, by month, as a
// statement and as the accountant's ledger (every month x category), identical across runs; every
// format carries the same rows and the totals go to stderr; worked out by hand, including 0.10 + 0.20
// that must come to 0.30 exactly.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAutumn } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();

beforeAll(async () => {
  await seedAutumn(home);
});

const tsv = (stdout: string) => stdout.trimEnd().split('\n').map((line) => line.split('\t'));
const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);

describe('report pnl', () => {
  it('gives every month of the year with revenue, expenses and net', async () => {
    const result = await home.run(['report', 'pnl', '--year', '2025']);
    expect(result.code, result.stderr).toBe(0);
    // Revenue: Aug 80 (Dora), Sep 80 (Eve), Oct 80 (Ann), Nov 461.30, Dec 120. Expenses: Jan 300
    // insurance; Nov 900 rent + 42.50 + 0.10 + 0.20 supplies = 942.80; Dec 12 laundry.
    const expected: Record<string, [string, string, string]> = {
      '2025-01': ['0.00', '300.00', '-300.00'],
      '2025-08': ['80.00', '0.00', '80.00'],
      '2025-09': ['80.00', '0.00', '80.00'],
      '2025-10': ['80.00', '0.00', '80.00'],
      '2025-11': ['461.30', '942.80', '-481.50'],
      '2025-12': ['120.00', '12.00', '108.00'],
    };
    expect(tsv(result.stdout)).toEqual(MONTHS.map((month) => [month, ...(expected[month] ?? ['0.00', '0.00', '0.00'])]));
    expect(result.stderr).toBe('Total revenue 821.30, expenses 1254.80, net -433.50 (2025-01-01 to 2025-12-31).\n! 1 completed appointment has no price and counted as 0.\n');
  });

  it('gives the statement by category', async () => {
    const result = await home.run(['report', 'pnl', '--year', '2025', '--by', 'category', '--json']);
    expect(result.code, result.stderr).toBe(0);
    // 80 * 3 + 461.30 + 120 = 821.30; 300 + 12 + 900 + 42.80 = 1254.80.
    expect(JSON.parse(result.stdout)).toEqual([
      { kind: 'revenue', category: 'appointments', amount: '821.30' },
      { kind: 'expense', category: 'insurance', amount: '300.00' },
      { kind: 'expense', category: 'laundry', amount: '12.00' },
      { kind: 'expense', category: 'rent', amount: '900.00' },
      { kind: 'expense', category: 'supplies', amount: '42.80' },
      { kind: 'net', category: '', amount: '-433.50' },
    ]);
  });

  it("writes the accountant's ledger: one row per month x category, the totals on stderr, the same every run", async () => {
    const first = await home.run(['report', 'pnl', '--year', '2025', '--by', 'ledger', '--format', 'csv']);
    expect(first.code, first.stderr).toBe(0);
    const lines = first.stdout.split('\r\n');
    expect(lines[0]).toBe('month,category,revenue,expenses,net');
    expect(lines).toHaveLength(1 + 12 * 5 + 1); // header, 12 months x 5 categories, final line end
    expect(lines.slice(1, 6)).toEqual([
      '2025-01,appointments,0.00,0.00,0.00',
      '2025-01,insurance,0.00,300.00,-300.00',
      '2025-01,laundry,0.00,0.00,0.00',
      '2025-01,rent,0.00,0.00,0.00',
      '2025-01,supplies,0.00,0.00,0.00',
    ]);
    expect(lines.slice(51, 56)).toEqual([
      '2025-11,appointments,461.30,0.00,461.30',
      '2025-11,insurance,0.00,0.00,0.00',
      '2025-11,laundry,0.00,0.00,0.00',
      '2025-11,rent,0.00,900.00,-900.00',
      '2025-11,supplies,0.00,42.80,-42.80',
    ]);
    expect(lines.at(-2)).toBe('2025-12,supplies,0.00,0.00,0.00');
    expect(first.stderr).toContain('Total revenue 821.30, expenses 1254.80, net -433.50');
    const again = await home.run(['report', 'pnl', '--year', '2025', '--by', 'ledger', '--format', 'csv']);
    expect(again.stdout).toBe(first.stdout);
  });

  it('covers one month when asked', async () => {
    const result = await home.run(['report', 'pnl', '--month', '2025-11', '--json']);
    expect(JSON.parse(result.stdout)).toEqual([{ month: '2025-11', revenue: '461.30', expenses: '942.80', net: '-481.50' }]);
  });

  it.each(['month', 'category', 'ledger'])('--by %s: JSON, NDJSON and CSV carry the same rows', async (by) => {
    const run = async (...format: string[]) => {
      const result = await home.run(['report', 'pnl', '--year', '2025', '--by', by, ...format]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('Total revenue 821.30, expenses 1254.80, net -433.50');
      return result.stdout;
    };
    const json: Array<Record<string, string>> = JSON.parse(await run('--json'));
    const ndjson = (await run('--format', 'ndjson')).trimEnd().split('\n').map((line) => JSON.parse(line));
    const [header, ...csv] = (await run('--format', 'csv')).trimEnd().split('\r\n');
    expect(ndjson).toEqual(json);
    expect(header!.split(',')).toEqual(Object.keys(json[0]!));
    expect(csv).toEqual(json.map((row) => Object.values(row).join(',')));
  });
});

