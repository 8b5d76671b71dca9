// The booking page in a real browser (issue 31.6): Debian's Chromium, headless, driven by
// playwright-core (nothing downloaded). A client books with the mouse at 1280 px and another with the
// keyboard alone at 375 px; both requests are then found by `practice appt requests`. No console
// errors; screenshots of both widths go to .ci/artifacts/ for a person to look at.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCli } from '../helpers/signed-in-cli.js';

const CHROMIUM = process.env.PRACTICE_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = new URL('../../.ci/artifacts/', import.meta.url).pathname;
// Slugs are unique across practices, and the worker's database may hold earlier files' pages.
const SLUG = `anna-massage-${randomUUID().slice(0, 8)}`;

// CI installs Chromium (.ci/run): there a missing browser is a failure, never a skipped test.
if (!existsSync(CHROMIUM) && process.env.CI) throw new Error(`The booking page's browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install chromium).`);
if (!existsSync(CHROMIUM)) console.warn(`Not run: the booking page in a browser (no Chromium at ${CHROMIUM}; Debian: apt-get install chromium).`);

const { server, home } = await signedInCli();
type Browser = Awaited<ReturnType<typeof import('playwright-core')['chromium']['launch']>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;
let browser: Browser;

async function practiceCli(args: string[]): Promise<string> {
  const result = await home.run(args);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

beforeAll(async () => {
  await practiceCli(['service', 'add', '--name', 'Swedish 60', '--duration', '60', '--price', '85']);
  await practiceCli(['service', 'add', '--name', 'Hot stones 90', '--duration', '90', '--price', '120']);
  await practiceCli(['hours', 'set', 'mon-sun', '09:00-17:00']);
  await practiceCli(['settings', 'set', 'practice_name', "Anna's Massage"]);
  await practiceCli(['booking', 'enable', '--slug', SLUG, '--notice', '2h', '--horizon', '14d']);
  await practiceCli(['booking', 'consent', '--text', 'I agree to the cancellation policy: 24 hours notice, or the visit is charged.']);
  await practiceCli(['booking', 'questions', 'add', '--id', 'injuries', '--label', 'Any injuries?', '--required']);
  await practiceCli(['booking', 'questions', 'add', '--id', 'first', '--label', 'First visit?', '--type', 'yes-no']);
  // Choices in another script: each must be a choice of its own (their ids once were all the same).
  await practiceCli(['booking', 'questions', 'add', '--id', 'pressure', '--label', 'Pressure', '--type', 'choice', '--choices', '弱い,普通,強い']);
  await mkdir(ARTIFACTS, { recursive: true });
  if (existsSync(CHROMIUM)) {
    const { chromium } = await import('playwright-core');
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  }
});
afterAll(async () => {
  await browser?.close();
});

/** A page at `width` px that records every console error and uncaught exception. */
async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/book/${SLUG}`);
  await page.getByRole('heading', { name: "Book with Anna's Massage" }).waitFor();
  return { page, errors };
}

/** Tab until the focus is on `selector` (at most 40 presses): it must be reachable by keyboard, in order. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

// Expressions, not functions: the test is typed for Node, without the DOM's types.
const focused = (page: Page) => page.evaluate('document.activeElement?.id');

const requests = async () => JSON.parse(await practiceCli(['appt', 'requests', '--json', 'client_name,start_time,status'])) as Array<Record<string, string>>;

describe.runIf(existsSync(CHROMIUM))('the booking page in Chromium', () => {
  it('books with the mouse at 1280 px: service, day, time, answers, consent, then the confirmation', async () => {
    const { page, errors } = await openPage(1280);
    await page.getByLabel('Swedish 60').check();
    const firstTime = page.locator('label:has(input[name="slot"])').first();
    await firstTime.waitFor();
    const chosen = await firstTime.textContent();
    await firstTime.locator('input').check();
    await page.getByLabel('Name').fill('Mia Mouse');
    await page.getByLabel('Email').fill('mia@example.com');
    await page.getByLabel('Any injuries? (required)').fill('None');
    await page.getByRole('radiogroup', { name: 'First visit? (optional)' }).getByLabel('Yes').check();
    await page.getByRole('radiogroup', { name: 'Pressure (optional)' }).getByText('普通').click();
    expect(await page.locator('input[name="q-pressure"]:checked').inputValue()).toBe('普通');
    await page.getByLabel('I have read and agree to these terms.').check();
    await page.screenshot({ path: `${ARTIFACTS}booking-page-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Request this time' }).click();
    await page.getByRole('heading', { name: 'Request sent' }).waitFor();
    expect(await page.locator('#done-message').textContent()).toMatch(/\S/);
    await page.screenshot({ path: `${ARTIFACTS}booking-page-1280-done.png`, fullPage: true });
    expect(errors).toEqual([]);
    expect(await requests()).toContainEqual({ client_name: 'Mia Mouse', start_time: chosen, status: 'requested' });
    await page.close();
  });

  it('says what is missing before sending, in the service\'s words, and focuses the field', async () => {
    const { page, errors } = await openPage(1280);
    await page.getByRole('button', { name: 'Request this time' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please choose a service.');
    await page.getByLabel('Swedish 60').check();
    await page.locator('input[name="slot"]').first().check();
    await page.getByRole('button', { name: 'Request this time' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please give your name.');
    expect(await focused(page)).toBe('name');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('books with the keyboard alone at 375 px, every control reached by Tab with a visible focus', async () => {
    const { page, errors } = await openPage(375);
    await tabTo(page, 'input[name="service"]');
    await page.keyboard.press('Space');
    // The ring is drawn around the whole choice, not only the small radio.
    const ring = await page.evaluate("getComputedStyle(document.activeElement.closest('label')).outlineStyle");
    expect(ring).toBe('solid');
    await page.locator('input[name="slot"]').first().waitFor();
    await tabTo(page, '#day');
    await tabTo(page, 'input[name="slot"]');
    await page.keyboard.press('Space');
    const chosen = await page.evaluate('document.activeElement.labels[0].textContent');
    await tabTo(page, '#name');
    await page.keyboard.type('Kim Keys');
    await tabTo(page, '#email');
    await page.keyboard.type('kim@example.com');
    await tabTo(page, '#q-injuries');
    await page.keyboard.type('A sore left knee');
    await tabTo(page, '#agree');
    await page.keyboard.press('Space');
    await page.screenshot({ path: `${ARTIFACTS}booking-page-375.png`, fullPage: true });
    await tabTo(page, '#submit');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Request sent' }).waitFor();
    // The confirmation takes the focus, so a screen reader reads it out.
    expect(await focused(page)).toBe('done');
    await page.screenshot({ path: `${ARTIFACTS}booking-page-375-done.png`, fullPage: true });
    expect(errors).toEqual([]);
    expect(await requests()).toContainEqual({ client_name: 'Kim Keys', start_time: chosen, status: 'requested' });
    await page.close();
  });

  it('offers a horizon past one call\'s 31 days a window at a time, on asking for later dates', async () => {
    await practiceCli(['booking', 'enable', '--horizon', '60d']);
    // Open all day: a month of starts is ~2,800 rows, past the service's 1,000 a response.
    await practiceCli(['hours', 'set', 'mon-sun', '00:00-23:59']);
    const { page, errors } = await openPage(1280);
    await page.getByLabel('Swedish 60').check();
    const later = page.getByRole('button', { name: 'Show later dates' });
    await later.waitFor();
    const days = () => page.locator('#day option').evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const dayAfter = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const first = await days();
    expect(first.at(-1)! <= dayAfter(30)).toBe(true);
    // Every day of the window, page after page of the answer, not the first 1,000 starts' ~11 days.
    expect(first.length).toBeGreaterThanOrEqual(29);
    await later.click();
    await expect.poll(async () => (await days()).length).toBeGreaterThan(first.length);
    const all = await days();
    expect(all.slice(0, first.length)).toEqual(first);
    expect(all.at(-1)! > dayAfter(30) && all.at(-1)! <= dayAfter(60)).toBe(true);
    // Sixty days are two windows: nothing later to ask for.
    await expect.poll(() => later.isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
    await practiceCli(['booking', 'enable', '--horizon', '14d']);
    await practiceCli(['hours', 'set', 'mon-sun', '09:00-17:00']);
  });

  it("shows the function's own message for a page that is off or unknown", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/book/no-such-practice`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('No booking page at this address.');
    await page.close();
  });
});
