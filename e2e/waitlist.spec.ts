import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { expectStep, next, settleOnTestGateway } from './order-helpers.ts';

const MAILBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300) + 15}`;
const email = 'waiting.visitor@example.org';
const buyer = (address: string) => ({
  first_name: 'Early',
  last_name: 'Bird',
  email: address,
  fields: { email_confirm: address, heard_about_us: 'friends', date_of_birth: '1990-01-01', safety_rules: true },
});

interface Slot {
  id: number;
  date: string;
  capacity: number | null;
  availability: { amount: number };
}

async function tour(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 20; id += 1) {
    const response = await request.get(`/api/products/${id}`);
    if (response.ok() && ((await response.json()) as { title: string }).title === 'Behind the scenes tour') return id;
  }
  throw new Error('no tour in the demo shop');
}

/** A day whose only slot is untouched, a week or more away (a Saturday tour). */
async function loneSlot(request: APIRequestContext, product: number): Promise<Slot> {
  const response = await request.get(`/api/products/${product}/plots`);
  expect(response.ok()).toBe(true);
  const slots = (await response.json()) as Slot[];
  const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const lone = slots.find(
    (slot) =>
      slot.date >= soon &&
      slot.capacity !== null &&
      slot.availability.amount === slot.capacity &&
      slots.filter((other) => other.date === slot.date).length === 1,
  );
  if (!lone) throw new Error('no day with one untouched tour slot');
  return lone;
}

async function order(request: APIRequestContext, product: number, plot: number, quantity: number, address: string): Promise<string> {
  const response = await request.post('/api/orders', { data: { customer: buyer(address), orders: [{ product: { id: product, plot, quantity } }] } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { response: { orders: { payment: { hash: string } }[] } }).response.orders[0]!.payment.hash;
}

/** A day as the calendar's day buttons name it (en-GB, date-fns `PPPP`): "Monday, 15 June 2026". */
function dayLabel(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(day);
  return `${part({ weekday: 'long' })}, ${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}`;
}

async function chooseDay(page: Page, date: string) {
  const day = page.getByRole('button', { name: new RegExp(`^${dayLabel(date)}`) });
  const nextMonth = page.getByRole('button', { name: 'Go to the Next Month' });
  for (let months = 0; months < 3; months += 1) {
    await expect(nextMonth).toBeVisible();
    if ((await day.count()) > 0) break;
    await nextMonth.click();
  }
  await day.click();
}

/** The waiting-list link of the last offer mailed to `address`. */
async function offerLink(page: Page, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`${MAILBOX}/mails?to=${encodeURIComponent(address)}`)).json()) as { text: string }[];
        link = mails
          .map((mail) => /https?:\/\/\S+\/waitlist\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0])
          .filter(Boolean)
          .at(-1);
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return link as string;
}

test('a visitor joins the waiting list of a full slot, is mailed when places come back, and buys the places held for them', async ({ page, browser }) => {
  // Two mails' worth of background work (the waiting-list worker, then the mail worker) inside one journey.
  test.slow();
  const product = await tour(page.request);
  const slot = await loneSlot(page.request, product);
  // The slot sells out: two places to an order that will be cancelled, the rest to another.
  const cancelled = await order(page.request, product, slot.id, 2, 'first.buyer@example.org');
  await order(page.request, product, slot.id, (slot.capacity as number) - 2, 'second.buyer@example.org');

  await page.goto(`/product/${product}/behind-the-scenes`);
  await expectStep(page, 'How many tickets?');
  await page.getByRole('button', { name: /^More: / }).click();
  await page.getByRole('button', { name: /^More: / }).click();
  await next(page);
  await expectStep(page, 'Choose a date and time');
  await chooseDay(page, slot.date);
  await expect(page.getByText('Nothing is available on this date. Please choose another day.')).toBeVisible();
  const form = page.getByRole('region', { name: 'Tell me when places come back' });
  await form.getByRole('textbox', { name: /E-mail address/ }).fill(email);
  await expect(form.getByRole('spinbutton', { name: /Number of places/ })).toHaveValue('2');
  await expectNoSeriousViolations(page, 'waiting-list form');
  await form.getByRole('button', { name: 'Put me on the waiting list' }).click();
  await expect(page.getByText('You are on the waiting list, number 1. We will e-mail you when places come back.')).toBeVisible();

  // The first order is cancelled at the gateway: its places come back through the checkout core.
  const cancel = await page.request.post(`/api/test-gateway/${cancelled}/cancel`, { maxRedirects: 0 });
  expect(cancel.status()).toBe(303);

  const link = await offerLink(page, email);
  // Nobody else can take the held places.
  const other = await page.request.post('/api/orders', {
    data: { customer: buyer('third.buyer@example.org'), orders: [{ product: { id: product, plot: slot.id, quantity: 1 } }] },
  });
  expect(((await other.json()) as { error: string }).error).toBe('PLOT_SOLD_OUT');

  // The mail is read later, in a fresh browser: the link opens the product flow on that slot with that quantity.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  // A fresh browser loads the app, reads the held offer, then opens the product: more than one step's wait.
  await expect(visitor.getByRole('heading', { level: 2, name: 'How many tickets?' })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText('2', { exact: true }).first()).toBeVisible();
  await next(visitor);
  await expectStep(visitor, 'Choose a date and time');
  await expect(visitor.getByRole('list', { name: 'Time slots' }).getByRole('button', { pressed: true })).toBeVisible();
  await next(visitor);
  await expectStep(visitor, 'Your details');
  const textbox = (name: RegExp) => visitor.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Wanda');
  await textbox(/^Last name/).fill('Waiting');
  await textbox(/^Email address/).fill(email);
  await textbox(/^Confirm email address/).fill(email);
  await visitor.getByLabel(/Date of birth/).fill('1990-01-01');
  await visitor.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('newspaper');
  await visitor.getByRole('checkbox', { name: /safety rules/i }).check();
  await visitor.getByRole('button', { name: /^Pay / }).click();
  await settleOnTestGateway(visitor, 'Pay');
  await expect(visitor.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();

  // The link was for one use.
  await visitor.goto(link);
  await expect(visitor.getByText('This link was already used.')).toBeVisible();
});
