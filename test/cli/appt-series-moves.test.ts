// Every occurrence after each series verb (issue 24): reschedule --following / --series puts each
// appointment it reaches at the new clock time, one moved on its own before included, across a
// change of daylight saving time; held visits stay; cancel reaches what it says; and after a split
// `appt show` describes each part as it is.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();

/** Every appointment of the days from..to as `date start-end status`, in time order. */
async function occurrences(from: string, to: string): Promise<string[]> {
  const result = await home.run(['api', 'GET', 'appointments', '-q', `date=gte.${from}`, '-q', `date=lte.${to}`, '-q', 'order=date,start_time']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout).map((row: any) => `${row.date} ${row.start_time}-${row.end_time} ${row.status}`);
}

async function run(args: string[]) {
  const result = await home.run(args);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

/** A weekly series of `count` from `first` at 11:00-12:00; its ids in order. */
async function series(first: string, count: number): Promise<string[]> {
  const result = await run(['appt', 'add', '--client', 'Ann', '--date', first, '--start', '11', '--end', '12', '--repeat', 'weekly', '--count', String(count), '--yes', '--json']);
  return JSON.parse(result.stdout).map((row: any) => row.id);
}

const seriesLine = async (id: string) => /^series +(.*)$/m.exec((await run(['appt', 'show', id])).stdout)?.[1];

beforeAll(async () => {
  await run(['client', 'add', '--name', 'Ann Lee']);
});

describe('reschedule --following', () => {
  it('puts every one it reaches at the new time, one moved on its own before included, across the end of summer time', async () => {
    // Berlin leaves summer time on 2029-10-28, between the second and third Wednesday.
    const ids = await series('2029-10-17', 4);
    await run(['appt', 'reschedule', ids[2]!, '--start', '11:30']);
    const result = await run(['appt', 'reschedule', ids[1]!, '--start', '10', '--following']);
    expect(result.stderr).toContain('Moved 3 appointments of the series by 0 days to 10:00, 2029-10-24 to 2029-11-07.');
    expect(await occurrences('2029-10-15', '2029-11-10')).toEqual([
      '2029-10-17 11:00-12:00 scheduled', '2029-10-24 10:00-11:00 scheduled', '2029-10-31 10:00-11:00 scheduled', '2029-11-07 10:00-11:00 scheduled',
    ]);
  });

  it('with --date alone, moves each by the days and keeps its own time', async () => {
    const ids = await series('2029-12-05', 3);
    await run(['appt', 'reschedule', ids[2]!, '--start', '14', '--end', '15:30']);
    const result = await run(['appt', 'reschedule', ids[1]!, '--date', '2029-12-13', '--following']);
    expect(result.stderr).toContain('Moved 2 appointments of the series by 1 days, 2029-12-13 to 2029-12-20.');
    expect(await occurrences('2029-12-01', '2029-12-31')).toEqual([
      '2029-12-05 11:00-12:00 scheduled', '2029-12-13 11:00-12:00 scheduled', '2029-12-20 14:00-15:30 scheduled',
    ]);
  });

  it('--end gives each the new end after the new start', async () => {
    const ids = await series('2030-01-09', 3);
    await run(['appt', 'reschedule', ids[0]!, '--start', '9', '--end', '9:45', '--following']);
    expect(await occurrences('2030-01-01', '2030-01-31')).toEqual([
      '2030-01-09 09:00-09:45 scheduled', '2030-01-16 09:00-09:45 scheduled', '2030-01-23 09:00-09:45 scheduled',
    ]);
  });

  it('leaves a held visit where it was held, and refuses to start from one', async () => {
    const ids = await series('2030-02-06', 3);
    await run(['appt', 'complete', ids[1]!, '--yes']);
    const from = await home.run(['appt', 'reschedule', ids[1]!, '--start', '10', '--following']);
    expect(from.code).toBe(2);
    expect(from.stderr).toContain('is completed; --following reaches only scheduled or confirmed appointments.');
    await run(['appt', 'reschedule', ids[0]!, '--start', '10', '--following']);
    expect(await occurrences('2030-02-01', '2030-02-28')).toEqual([
      '2030-02-06 10:00-11:00 scheduled', '2030-02-13 11:00-12:00 completed', '2030-02-20 10:00-11:00 scheduled',
    ]);
  });
});

describe('a split past a held visit with a signed note', () => {
  it('takes it into the later part as it was held, and moves the others', async () => {
    const ids = await series('2030-08-07', 4);
    await run(['appt', 'complete', ids[2]!, '--yes']);
    const appointment = JSON.parse((await run(['appt', 'show', ids[2]!, '--json'])).stdout);
    const note = await home.run(['api', 'POST', 'sessions', '-f', `client_id=${appointment.client_id}`, '-f', `appointment_id=${ids[2]}`,
      '-f', 'subjective=Sore neck', '-f', 'signed_at=2030-08-21T12:30:00Z']);
    expect(note.code, note.stderr).toBe(0);
    await run(['appt', 'reschedule', ids[1]!, '--start', '15', '--following']);
    expect(await occurrences('2030-08-01', '2030-08-31')).toEqual([
      '2030-08-07 11:00-12:00 scheduled', '2030-08-14 15:00-16:00 scheduled', '2030-08-21 11:00-12:00 completed', '2030-08-28 15:00-16:00 scheduled',
    ]);
    expect(await seriesLine(ids[2]!)).toMatch(/^every week for 3 times; 2 of 3 /);
  });
});

describe('reschedule --series and cancel', () => {
  it('--series puts every one still to come at the new time', async () => {
    const ids = await series('2030-03-06', 4);
    await run(['appt', 'reschedule', ids[3]!, '--start', '12']);
    await run(['appt', 'reschedule', ids[1]!, '--start', '15', '--end', '16:15', '--series']);
    expect(await occurrences('2030-03-01', '2030-03-31')).toEqual([
      '2030-03-06 15:00-16:15 scheduled', '2030-03-13 15:00-16:15 scheduled', '2030-03-20 15:00-16:15 scheduled', '2030-03-27 15:00-16:15 scheduled',
    ]);
  });

  it('--series after a held visit splits the series there: each part is described as it is', async () => {
    const ids = await series('2030-07-03', 4);
    await run(['appt', 'complete', ids[0]!, '--yes']);
    await run(['appt', 'reschedule', ids[1]!, '--start', '9', '--series']);
    expect(await occurrences('2030-07-01', '2030-07-31')).toEqual([
      '2030-07-03 11:00-12:00 completed', '2030-07-10 09:00-10:00 scheduled', '2030-07-17 09:00-10:00 scheduled', '2030-07-24 09:00-10:00 scheduled',
    ]);
    expect(await seriesLine(ids[0]!)).toMatch(/^every week for 1 time; 1 of 1 /);
    expect(await seriesLine(ids[2]!)).toMatch(/^every week for 3 times; 2 of 3 /);
  });

  it('cancel --following and --series leave every time as it was', async () => {
    const ids = await series('2030-04-03', 4);
    await run(['appt', 'reschedule', ids[2]!, '--start', '13']);
    await run(['appt', 'cancel', ids[2]!, '--following']);
    expect(await occurrences('2030-04-01', '2030-04-30')).toEqual([
      '2030-04-03 11:00-12:00 scheduled', '2030-04-10 11:00-12:00 scheduled', '2030-04-17 13:00-14:00 cancelled', '2030-04-24 11:00-12:00 cancelled',
    ]);
    await run(['appt', 'cancel', ids[0]!, '--series']);
    expect(await occurrences('2030-04-01', '2030-04-30')).toEqual([
      '2030-04-03 11:00-12:00 cancelled', '2030-04-10 11:00-12:00 cancelled', '2030-04-17 13:00-14:00 cancelled', '2030-04-24 11:00-12:00 cancelled',
    ]);
  });
});

describe('appt show after a series reschedule', () => {
  it('from the first: one series still, its rule counting the cancelled one it passed', async () => {
    const ids = await series('2030-09-04', 4);
    await run(['appt', 'cancel', ids[2]!]);
    await run(['appt', 'reschedule', ids[0]!, '--start', '9', '--following']);
    expect(await occurrences('2030-09-01', '2030-09-30')).toEqual([
      '2030-09-04 09:00-10:00 scheduled', '2030-09-11 09:00-10:00 scheduled', '2030-09-18 11:00-12:00 cancelled', '2030-09-25 09:00-10:00 scheduled',
    ]);
    expect(await seriesLine(ids[0]!)).toMatch(/^every week for 4 times; 1 of 4 /);
    expect(await seriesLine(ids[3]!)).toMatch(/^every week for 4 times; 4 of 4 /);
    const shown = await run(['appt', 'show', ids[3]!, '--json']);
    expect(JSON.parse(shown.stdout).recurrence).toBe('DTSTART;TZID=Europe/Berlin:20300904T090000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=4');
  });

  it('after a split, describes the part that remains and the part that moved, a cancelled one going with its time', async () => {
    // Five Wednesdays, the fourth cancelled; the second and the later ones move to 10:00.
    const ids = await series('2030-05-01', 5);
    await run(['appt', 'cancel', ids[3]!]);
    await run(['appt', 'reschedule', ids[1]!, '--start', '10', '--following']);
    expect(await occurrences('2030-04-28', '2030-05-31')).toEqual([
      '2030-05-01 11:00-12:00 scheduled', '2030-05-08 10:00-11:00 scheduled', '2030-05-15 10:00-11:00 scheduled',
      '2030-05-22 11:00-12:00 cancelled', '2030-05-29 10:00-11:00 scheduled',
    ]);
    expect(await seriesLine(ids[0]!)).toMatch(/^every week for 1 time; 1 of 1 \(series \w{8}\)$/);
    expect(await seriesLine(ids[1]!)).toMatch(/^every week for 4 times; 1 of 4 \(series \w{8}\)$/);
    expect(await seriesLine(ids[3]!)).toMatch(/^every week for 4 times; 3 of 4 /);
    expect(await seriesLine(ids[4]!)).toMatch(/^every week for 4 times; 4 of 4 /);
  });
});
