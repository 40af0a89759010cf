/**
 * The 60-day calendar in Chromium: it lists a day's slots in the organisation's times, loads with a
 * handful of requests (not one per day or product), "Add tickets" opens the product's flow with
 * that slot chosen, and a browser in another timezone sees the same (the organisation's) times.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectStep } from './order-helpers.ts';
import { expectNoSeriousViolations } from './a11y.ts';

interface CalendarEntry {
  product: number;
  plots: { id: number; date: string; selectable: boolean; time: { start: string | null; end: string | null } }[];
}

/** The first day with timed slots that can be chosen, and those slots' times, as the API answers them. */
async function firstTimedDay(page: Page): Promise<{ day: string; times: string[] }> {
  const organisation = (await (await page.request.get('/api/organisation')).json()) as { timezone: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: organisation.timezone }).format(new Date());
  const answer = (await (await page.request.get(`/api/plots?filterFrom=${today}`)).json()) as CalendarEntry[];
  // The calendar lists the slots of the home page's products (src/features/calendar/route.tsx).
  const home = (await (await page.request.get('/api/home/products')).json()) as { products: { id: number }[] };
  const listed = new Set(home.products.map((product) => product.id));
  const plots = answer
    .filter((entry) => listed.has(entry.product))
    .flatMap((entry) => entry.plots.filter((plot) => plot.selectable && plot.time.start !== null));
  const day = plots.map((plot) => plot.date).sort()[0] as string;
  const times = plots.filter((plot) => plot.date === day && plot.time.start).map((plot) => `${plot.time.start} - ${plot.time.end}`);
  return { day, times };
}

async function openCalendar(page: Page) {
  const plotRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(plots|products\/\d+\/plots)/.test(request.url())) plotRequests.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Add tickets: / }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'calendar');
  return plotRequests;
}

/** Chooses a day in the calendar by its accessible name ("Tuesday, 24 November 2026": British English, like every English date), going to the next month if needed. */
async function chooseDay(page: Page, day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
  const grid = page.getByRole('grid');
  if (!(await grid.getByRole('button', { name, exact: true }).isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await grid.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

test('the calendar lists a day’s slots and “Add tickets” opens the flow with that slot chosen', async ({ page }) => {
  const plotRequests = await openCalendar(page);
  // One plots request for the whole 60 days and every product.
  expect(plotRequests).toHaveLength(1);
  const { day, times } = await firstTimedDay(page);
  expect(times.length).toBeGreaterThan(0);
  await chooseDay(page, day);
  const list = page.getByRole('region').filter({ has: page.getByRole('link', { name: /^Add tickets/ }) });
  for (const time of times) await expect(list.getByText(time, { exact: true }).first()).toBeVisible();

  const timed = page.getByRole('link', { name: new RegExp(`^Add tickets: .*, ${times[0]}$`) }).first();
  const label = (await timed.getAttribute('aria-label')) as string;
  const title = label.replace(/^Add tickets: /, '').replace(/, [^,]+$/, '');
  await timed.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page
    .getByRole('button', { name: /^More: / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, 'Choose a date and time');
  const start = (times[0] as string).split(' - ')[0] as string;
  await expect(page.getByRole('button', { pressed: true }).filter({ hasText: start })).toBeVisible();
});

test.describe('in another timezone', () => {
  // Far from the organisation's Europe/Amsterdam: a visitor's clock must not move days or times.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('the visitor sees the organisation’s days and times', async ({ page }) => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Pacific/Kiritimati');
    await openCalendar(page);
    const { day, times } = await firstTimedDay(page);
    expect(times.length).toBeGreaterThan(0);
    await chooseDay(page, day);
    for (const time of times) await expect(page.getByText(time, { exact: true }).first()).toBeVisible();
  });
});
