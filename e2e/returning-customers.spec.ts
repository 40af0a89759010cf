/**
 * Returning customers in Chromium against the real shop: a reservation edited, moved to another
 * date and paid from its page; a reservation cancelled, its places back; a paid order rebooked to
 * another day from the FAQ card; and the paid order page with one QR-coded e-ticket per admission.
 * The bookings they start from are placed through the API (the product flow has its own journeys).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { settleOnTestGateway } from './order-helpers.ts';
import { expectNoSeriousViolations } from './a11y.ts';

const email = 'ada@example.test';
const tourCustomer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  fields: { email_confirm: email, heard_about_us: 'friends', date_of_birth: '1990-01-01', safety_rules: true },
};

interface Slot {
  id: number;
  date: string;
  selectable: boolean;
  availability: { amount: number };
}

async function tour(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 20; id += 1) {
    const response = await request.get(`/api/products/${id}`);
    if (response.ok() && ((await response.json()) as { title: string }).title === 'Behind the scenes tour') return id;
  }
  throw new Error('no tour in the demo shop');
}

async function slots(request: APIRequestContext, product: number): Promise<Slot[]> {
  const response = await request.get(`/api/products/${product}/plots?order[quantity]=2`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Slot[]).filter((slot) => slot.selectable);
}

async function book(request: APIRequestContext, action: 'reserve' | 'pay', skip = 0) {
  const product = await tour(request);
  const slot = (await slots(request, product))[3 + skip] as Slot;
  const response = await request.post('/api/orders', {
    data: { customer: tourCustomer, action, orders: [{ product: { id: product, plot: slot.id, quantity: 2 } }] },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const [line] = ((await response.json()) as { response: { orders: { order: { hash: string }; payment: { hash: string } | null }[] } }).response.orders;
  return { product, slot, hash: line!.order.hash, payment: line!.payment?.hash ?? '' };
}

async function expectTickets(page: Page, count: number) {
  await expect(page.getByRole('heading', { level: 2, name: 'Your e-tickets' })).toBeVisible();
  await expectNoSeriousViolations(page, 'paid order page with e-tickets');
  await expect(page.getByRole('img', { name: /^QR code of ticket \d of \d$/ })).toHaveCount(count);
  await expect(page.getByText(`We sent your tickets to ${email}.`)).toBeVisible();
}

test('a reservation: edit the name, change the date, pay from the reservation page and get the tickets', async ({ page }) => {
  const { hash, slot } = await book(page.request, 'reserve');
  await page.goto(`/reservation/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your reservation' })).toBeVisible();
  await expect(page.getByText('Booking fee')).toBeVisible();
  await expect(page.getByText('€71.00')).toBeVisible();
  await expectNoSeriousViolations(page, 'reservation page with total');

  await page.getByRole('button', { name: 'Edit your details' }).click();
  await page.getByRole('textbox', { name: /^First name/ }).fill('Augusta Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await expect(page.getByText('Augusta Ada')).toBeVisible();

  await page.getByRole('button', { name: 'Change reservation' }).click();
  const choice = page.getByRole('combobox', { name: 'Date and time' });
  await expect(choice.locator('option')).not.toHaveCount(1);
  const other = await choice.locator('option').nth(2).getAttribute('value');
  expect(other).not.toBe(String(slot.id));
  await choice.selectOption(other!);
  await page.getByRole('button', { name: 'Change reservation' }).click();
  await expect(page.getByText('Your reservation has been changed.')).toBeVisible();

  await page.getByRole('button', { name: 'Pay now' }).click();
  await settleOnTestGateway(page, 'Pay');
  await expectTickets(page, 2);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', /^order-\d+\.ics$/);
});

test('a cancelled reservation gives its places back', async ({ page }) => {
  const product = await tour(page.request);
  const target = (await slots(page.request, product))[7] as Slot;
  // Availability answers may be reused for up to CATALOGUE_CACHE_MS: poll until they turn.
  const left = () =>
    expect.poll(async () => (await slots(page.request, product)).find((each) => each.id === target.id)?.availability.amount, { timeout: 10_000 });
  const { hash, slot } = await book(page.request, 'reserve', 4);
  expect(slot.id).toBe(target.id);
  await left().toBe(target.availability.amount - 2);
  await page.goto(`/reservation/${hash}`);
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('dialog', { name: 'Cancel this reservation?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Your reservation has been cancelled and its places have been given back.')).toBeVisible();
  await left().toBe(target.availability.amount);
});

test('a paid order rebooked to another day from the FAQ card', async ({ page }) => {
  const { payment, hash } = await book(page.request, 'pay', 6);
  expect((await page.request.post(`/api/test-gateway/${payment}/pay`)).status()).toBeLessThan(400);
  const details = await page.request.get(`/api/orders/${hash}/details`);
  expect(details.ok()).toBe(true);
  const { order_number: orderNumber } = (await details.json()) as { order_number: number };

  await page.goto('/faq');
  await page.getByRole('link', { name: 'Rebook' }).click();
  await page.getByRole('textbox', { name: /^Order number/ }).fill(String(orderNumber));
  await page.getByRole('textbox', { name: /^E-mail address/ }).fill(email);
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your new date' })).toBeVisible();
  await expectNoSeriousViolations(page, 'rebooking: choose a new date');
  const choice = page.getByRole('combobox', { name: 'New date and time' });
  await expect(choice.locator('option')).not.toHaveCount(1);
  await choice.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Rebook' }).click();
  // The rebooking fee goes through the normal payment.
  await settleOnTestGateway(page, 'Pay');
  await expectTickets(page, 2);
  // The old order was moved: it is no longer a paid order.
  expect((await page.request.get(`/api/orders/${hash}/details`)).status()).toBe(404);
});
