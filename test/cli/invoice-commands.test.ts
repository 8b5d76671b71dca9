// `practice invoice` and `practice receipt` end to end against a real server: tax rates, billing and
// diagnosis codes on services and clients, invoices numbered without gaps (also when issued at once)
// and final once issued, credit notes, and PDFs whose text, fonts and page poppler reads back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWithApi, signedInCli } from '../helpers/signed-in-cli.js';

const { home } = await signedInCli();
const folder = mkdtempSync(join(tmpdir(), 'practice-invoices-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const year = new Date().getFullYear();

async function json(args: string[]) {
  const result = await home.run([...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const ann = await json(['client', 'add', '--name', 'Ann Lee', '--diagnosis', 'm54.5, G44.2']);
const bruce = await json(['client', 'add', '--name', '李小龍 (Bruce)']);
const jurgen = await json(['client', 'add', '--name', 'Jürgen Groß']);
const swedish = await json(['service', 'add', '--name', 'Swedish 60', '--duration', '60', '--price', '85', '--tax-rate', '19', '--billing-code', '97124']);
const sauna = await json(['service', 'add', '--name', 'Sauna', '--duration', '30', '--price', '20']);

function visit(client: Record<string, any>, service: Record<string, any>, date: string, start = '10:00', end = '11:00') {
  return createWithApi(home, 'appointments', { client_id: client.id, service_id: service.id, date, start_time: start, end_time: end, status: 'completed' });
}

/** The text poppler's pdftotext reads from a PDF (poppler-utils). */
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

describe('billing details on services and clients', () => {
  it('keeps a service\'s tax rate and billing code, and a client\'s diagnosis codes uppercase', async () => {
    expect(swedish).toMatchObject({ tax_rate: 19, billing_code: '97124' });
    expect(sauna).toMatchObject({ tax_rate: 0, billing_code: null });
    expect(ann.diagnosis_codes).toEqual(['M54.5', 'G44.2']);
    const shown = await home.run(['client', 'show', 'Ann Lee']);
    expect(shown.stdout).toContain('diagnosis:  M54.5, G44.2');
    expect(await json(['service', 'update', 'Sauna', '--tax-rate', '7.5', '--billing-code', 'S-1'])).toMatchObject({ tax_rate: 7.5, billing_code: 'S-1' });
    expect(await json(['service', 'update', 'Sauna', '--billing-code', ''])).toMatchObject({ billing_code: null });
  });

  it('refuses a bad tax rate, billing code or diagnosis code before sending anything (exit 2)', async () => {
    for (const [args, message] of [
      [['service', 'update', 'Sauna', '--tax-rate', '101'], '--tax-rate: expected a percentage from 0 to 100'],
      [['service', 'update', 'Sauna', '--tax-rate', 'NaN'], '--tax-rate: expected a percentage from 0 to 100'],
      [['service', 'update', 'Sauna', '--tax-rate', '19%'], '--tax-rate: expected a percentage from 0 to 100'],
      [['service', 'update', 'Sauna', '--billing-code', 'CPT 97124'], '--billing-code: expected a code like 97124'],
      [['client', 'update', 'Ann Lee', '--diagnosis', 'back pain'], '--diagnosis'],
    ] as const) {
      const result = await home.run([...args]);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect((await json(['service', 'list'])).find((s: any) => s.name === 'Sauna')).toMatchObject({ tax_rate: 7.5 });
  });
});

describe('practice invoice', () => {
  it('invoices a month\'s completed visits with net, tax and gross, printing the number', async () => {
    await visit(ann, swedish, '2026-10-05');
    await visit(ann, sauna, '2026-10-12');
    await createWithApi(home, 'appointments', { client_id: ann.id, service_id: swedish.id, date: '2026-10-19', start_time: '10:00', end_time: '11:00' });
    const created = await home.run(['invoice', 'create', '--client', 'ann', '--month', '2026-10']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toBe(`INV-${year}-0001\n`);
    expect(created.stderr).toContain(`✓ Issued INV-${year}-0001 to Ann Lee: 2 visits, 105.00.\n`);
    expect(created.stderr).toContain('It names no practice: set its details for the next ones');
    const invoice = await json(['invoice', 'show', `INV-${year}-0001`]);
    expect(invoice).toMatchObject({ kind: 'invoice', client_id: ann.id, net: 90.03, tax: 14.97, gross: 105, issuer: {}, bill_to: { name: 'Ann Lee' } });
    expect(invoice.lines).toEqual([
      { appointment_id: expect.any(String), date: '2026-10-05', service: 'Swedish 60', code: '97124', tax_rate: 19, net: 71.43, tax: 13.57, gross: 85 },
      { appointment_id: expect.any(String), date: '2026-10-12', service: 'Sauna', code: null, tax_rate: 7.5, net: 18.6, tax: 1.4, gross: 20 },
    ]);
    const text = await home.run(['invoice', 'show', `inv-${year}-0001`]);
    expect(text.stdout).toContain('Tax 7.5% on 18.60');
    expect(text.stdout).toContain('Tax 19% on 71.43');
    expect(text.stdout).toMatch(/Total\s+105\.00/);
  });

  it('does not invoice a visit twice, and says which invoice has it', async () => {
    const again = await home.run(['invoice', 'create', '--client', 'ann', '--month', '2026-10']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Nothing to invoice');
    const { lines } = await json(['invoice', 'show', `INV-${year}-0001`]);
    const named = await home.run(['invoice', 'create', '--client', 'ann', '--appointments', lines[0].appointment_id]);
    expect(named.code).toBe(1);
    expect(named.stderr).toContain(`is already on invoice INV-${year}-0001`);
    const pia = await json(['client', 'add', '--name', 'Pia Covered']);
    expect((await home.run(['package', 'sell', '--client', 'Pia Covered', '--service', 'Sauna', '--visits', '2', '--price', '30'])).code).toBe(0);
    const covered = await visit(pia, sauna, (await json(['package', 'list', '--client', 'Pia Covered']))[0].sold_on);
    const byPackage = await home.run(['invoice', 'create', '--client', 'Pia Covered', '--appointments', covered.id]);
    expect(byPackage.code).toBe(1);
    expect(byPackage.stderr).toContain(`The visit ${covered.id} is covered by a package, so it owes nothing and is not invoiced`);
    const usage = await home.run(['invoice', 'create', '--client', 'ann']);
    expect(usage.code).toBe(2);
    const badMonth = await home.run(['invoice', 'create', '--client', 'ann', '--month', '2026-13']);
    expect(badMonth.code).toBe(2);
    expect(badMonth.stderr).toContain("--month: expected a month like 2026-11; got '2026-13'");
  });

  it('never changes or deletes an issued invoice, whoever asks over HTTP', async () => {
    const { id } = await json(['invoice', 'show', `INV-${year}-0001`]);
    for (const args of [['PATCH', 'invoices', '-q', `id=eq.${id}`, '-f', 'note=changed'], ['DELETE', 'invoices', '-q', `id=eq.${id}`]]) {
      const refused = await home.run(['api', ...args]);
      expect(refused.code).toBe(1);
      expect(refused.stdout + refused.stderr).toMatch(/403|permission denied/);
    }
    expect(await json(['invoice', 'show', id])).toMatchObject({ note: null, gross: 105 });
  });

  it('cancels an invoice with a credit note of its own series, after which its visits can be invoiced again', async () => {
    const credited = await home.run(['invoice', 'credit', `INV-${year}-0001`, '--note', 'Wrong service']);
    expect(credited.code, credited.stderr).toBe(0);
    expect(credited.stdout).toBe(`CN-${year}-0001\n`);
    const credit = await json(['invoice', 'show', `CN-${year}-0001`]);
    expect(credit).toMatchObject({ kind: 'credit', net: -90.03, tax: -14.97, gross: -105, note: 'Wrong service' });
    const twice = await home.run(['invoice', 'credit', `INV-${year}-0001`]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(`Invoice INV-${year}-0001 is already cancelled by credit note CN-${year}-0001`);
    const reissued = await home.run(['invoice', 'create', '--client', 'ann', '--month', '2026-10', '--superbill']);
    expect(reissued.stdout).toBe(`INV-${year}-0002\n`);
    const list = await json(['invoice', 'list', '--client', 'ann']);
    expect(list.map((row: any) => row.number)).toEqual([`INV-${year}-0002`, `INV-${year}-0001`, `CN-${year}-0001`]);
  });

  it('numbers invoices issued at the same time without gaps; one refused takes no number', async () => {
    const visits = await Promise.all(['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04', '2026-09-05'].map((day) => visit(jurgen, swedish, day)));
    const { lines } = await json(['invoice', 'show', `INV-${year}-0002`]);
    const results = await Promise.all([
      ...visits.map((v) => home.run(['invoice', 'create', '--client', 'Jürgen Groß', '--appointments', v.id])),
      home.run(['invoice', 'create', '--client', 'ann', '--appointments', lines[0].appointment_id]),
    ]);
    expect(results.slice(0, 5).map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    expect(results[5]!.code).toBe(1);
    expect(results.slice(0, 5).map((r) => r.stdout.trim()).sort()).toEqual([3, 4, 5, 6, 7].map((n) => `INV-${year}-000${n}`));
    const next = await home.run(['invoice', 'create', '--client', 'bruce', '--appointments', (await visit(bruce, swedish, '2026-09-07')).id]);
    expect(next.stdout).toBe(`INV-${year}-0008\n`);
  });
});

describe('PDFs', () => {
  it('writes an invoice whose text and embedded, subset fonts render any client name', async () => {
    await home.run(['settings', 'set', 'practice_name', 'Praxis Groß']);
    await home.run(['settings', 'set', 'license_number', 'NPI 1234567890']);
    for (const [client, number] of [['李小龍 (Bruce)', `INV-${year}-0008`], ['Jürgen Groß', `INV-${year}-0003`]] as const) {
      const file = join(folder, `${number}.pdf`);
      const written = await home.run(['invoice', 'pdf', number, '--output', file]);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stderr).toBe(`✓ Wrote ${number} to ${file}\n`);
      const text = pdfText(file);
      expect(text).toContain(client);
      expect(text).toContain(`Invoice ${number}`);
      expect(text).toMatch(/Tax 19% on 71\.43\s+13\.57/);
      expect(text).toMatch(/Total\s+85\.00/);
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      // Every font embedded (emb) and subset (sub), so any reader shows the same glyphs.
      for (const line of fonts.split('\n').slice(2).filter(Boolean)) expect(line).toMatch(/\byes\s+yes\s+yes\b/);
      expect(fonts.includes('NotoSansHans')).toBe(client.startsWith('李'));
    }
    // A page as an image, to look at (the test checks only that poppler renders it).
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', join(folder, `INV-${year}-0008.pdf`), join(folder, 'page')]);
    expect(statSync(join(folder, 'page-1.png')).size).toBeGreaterThan(1000);
  });

  it('prints a superbill with the billing and diagnosis codes and the practitioner\'s numbers, and a credit note as such', async () => {
    const file = join(folder, 'superbill.pdf');
    expect((await home.run(['invoice', 'pdf', `INV-${year}-0002`, '-o', file])).code).toBe(0);
    const text = pdfText(file);
    expect(text).toContain(`Superbill INV-${year}-0002`);
    expect(text).toContain('Diagnosis (ICD-10): M54.5, G44.2');
    expect(text).toContain('97124');
    // Settings set after issue are not on it: the details are those at issue.
    expect(text).not.toContain('NPI 1234567890');
    const later = await home.run(['invoice', 'create', '--client', 'bruce', '--superbill', '--appointments', (await visit(bruce, swedish, '2026-09-14')).id]);
    expect(later.stdout).toBe(`INV-${year}-0009\n`);
    expect((await home.run(['invoice', 'pdf', `INV-${year}-0009`, '-o', file])).code).toBe(0);
    expect(pdfText(file)).toMatch(/Praxis Groß[\s\S]*Licence \/ NPI: NPI 1234567890/);
    expect((await home.run(['invoice', 'pdf', `CN-${year}-0001`, '-o', folder])).code).toBe(0);
    const credit = pdfText(join(folder, `CN-${year}-0001.pdf`));
    expect(credit).toContain(`Cancels invoice: INV-${year}-0001`);
    expect(credit).toMatch(/Total credited\s+-105\.00/);
  });

  it('writes a receipt for a payment of a visit, with the tax in it', async () => {
    const paidVisit = await visit(ann, swedish, '2026-11-02');
    const payment = await json(['pay', 'add', '--client', 'ann', '--amount', '85', '--method', 'card', '--appointment', paidVisit.id, '--reference', 'R-77']);
    const file = join(folder, 'receipt.pdf');
    const written = await home.run(['receipt', payment.id.slice(0, 8), '--output', file]);
    expect(written.code, written.stderr).toBe(0);
    const text = pdfText(file);
    expect(text).toContain('Receipt');
    expect(text).toContain('Praxis Groß');
    expect(text).toContain('R-77');
    expect(text).toMatch(/Tax 19% on 71\.43\s+13\.57/);
    expect(text).toMatch(/Received\s+85\.00/);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
