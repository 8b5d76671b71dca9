// `practice report revenue` end to end against a real server: completed appointments at the price
// each kept (Swedish 60 changed price mid-month), cancelled and no-show beside them, an appointment
// without a price counted 0 and flagged; totals worked out by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAutumn } from '../helpers/report-practice.js';
import { signedInCli } from '../helpers/signed-in-cli.js';
import { atTerminal } from '../helpers/terminal.js';

const { server, home } = await signedInCli({ recordRequests: true });

beforeAll(async () => {
  await seedAutumn(home);
  server.received.length = 0;
});

const tsv = (stdout: string) => stdout.trimEnd().split('\n').map((line) => line.split('\t'));

describe('report revenue', () => {
  it('adds November by week, every week of the month listed, the total and the unpriced visit on stderr', async () => {
    const result = await home.run(['report', 'revenue', '--month', '2025-11', '--by', 'week']);
    expect(result.code, result.stderr).toBe(0);
    // Weeks start on Monday; 80 + 120 | 80 + 0.10 + 0.20 | 90.50 | 90.50 + 0 (no price).
    expect(tsv(result.stdout)).toEqual([
      ['2025-10-27', '0', '0.00', '0', '0', '0'],
      ['2025-11-03', '2', '200.00', '0', '0', '0'],
      ['2025-11-10', '3', '80.30', '0', '0', '0'],
      ['2025-11-17', '1', '90.50', '1', '1', '0'],
      ['2025-11-24', '2', '90.50', '0', '0', '1'],
    ]);
    expect(result.stderr).toContain('Total 461.30 from 8 completed appointments (2025-11-01 to 2025-11-30); 1 cancelled, 1 no-show.');
    expect(result.stderr).toContain('1 completed appointment has no price and counted as 0.');
  });

  it('groups by service with the price each appointment kept, most revenue first', async () => {
    const result = await home.run(['report', 'revenue', '--month', '2025-11', '--by', 'service', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      // 80 + 80 before the change, 90.50 + 90.50 after it.
      { service: 'Swedish 60', completed: 4, revenue: '341.00', cancelled: 1, no_show: 0, no_price: 0 },
      { service: 'Deep tissue 90', completed: 1, revenue: '120.00', cancelled: 0, no_show: 1, no_price: 0 },
      { service: '(no service)', completed: 3, revenue: '0.30', cancelled: 0, no_show: 0, no_price: 1 },
    ]);
  });

  it('groups by client as CSV', async () => {
    const result = await home.run(['report', 'revenue', '--month', '2025-11', '--by', 'client', '--format', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe([
      'client,completed,revenue,cancelled,no_show,no_price',
      'Ann,3,170.50,0,0,1',
      'Cleo,2,170.50,0,1,0',
      'Bob,3,120.30,1,0,0',
      '',
    ].join('\r\n'));
  });

  it('asks the database for the answer: one rpc request, no rows read', async () => {
    server.received.length = 0;
    const result = await home.run(['report', 'revenue', '--from', '2025-11-03', '--to', '2025-11-05', '--by', 'day', '--json', 'day,revenue']);
    expect(JSON.parse(result.stdout)).toEqual([{ day: '2025-11-03', revenue: '80.00' }, { day: '2025-11-04', revenue: '0.00' }, { day: '2025-11-05', revenue: '120.00' }]);
    const reads = server.received.filter((request) => request.url.startsWith('/rest/v1/'));
    expect(reads.map((request) => request.url)).toEqual(['/rest/v1/rpc/revenue_report']);
  });

  it('prints only the data when piped: no chart', async () => {
    const result = await home.run(['report', 'revenue', '--month', '2025-11', '--by', 'week']);
    expect(result.stdout).not.toMatch(/[▏▎▍▌▋▊▉█]/);
  });

  it('draws the series as a bar chart under the table at a terminal, within its 120 columns', async () => {
    const { code, screen, raw } = await atTerminal(['report', 'revenue', '--month', '2025-11', '--by', 'week'], home.env).exit();
    expect(code).toBe(0);
    const [table = '', under = ''] = screen.split('\n\n');
    expect(table).toContain('2025-11-03  2          200.00');
    const chart = under.split('\n').filter((line) => line.startsWith('2025-'));
    // 119 columns: label 10, space, 101 cells, space, value 6; 200.00 is the longest bar.
    expect(chart).toEqual([
      `2025-10-27 ${' '.repeat(101)}   0.00`,
      `2025-11-03 ${'█'.repeat(101)} 200.00`,
      expect.stringMatching(/^2025-11-10 █{40}▌ {60}  80\.30$/),
      expect.stringMatching(/^2025-11-17 █{45}▊ {55}  90\.50$/),
      expect.stringMatching(/^2025-11-24 █{45}▊ {55}  90\.50$/),
    ]);
    expect(raw).toContain('\u001b[32m█');

    const plain = await atTerminal(['report', 'revenue', '--month', '2025-11', '--by', 'week'], { ...home.env, NO_COLOR: '1' }).exit();
    expect(plain.screen).toContain(`2025-11-03 ${'█'.repeat(101)} 200.00`);
    expect(plain.raw).not.toMatch(/\u001b\[\d+m/);
  });

  it('refuses bad periods before sending anything', async () => {
    server.received.length = 0;
    for (const [args, message] of [
      [['--month', '2025-13'], "--month: expected a month like 2026-11, this or last; got '2025-13'"],
      [['--year', '25'], "--year: expected a year like 2026, this or last; got '25'"],
      [['--from', '2025-11-10', '--to', '2025-11-01'], '--to: the period ends (2025-11-01) before it starts (2025-11-10)'],
      [['--to', '2025-11-01'], '--to needs --from.'],
      [['--by', 'hour'], "option '--by <grouping>' argument 'hour' is invalid"],
      [['--month', '2025-11', '--year', '2025'], "option '--month <month>' cannot be used with option '--year <year>'"],
    ] as const) {
      const result = await home.run(['report', 'revenue', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(server.received.filter((request) => request.url.startsWith('/rest/v1/'))).toEqual([]);
  });
});
