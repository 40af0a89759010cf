/**
 * The catalogue editor's proof (issue 20 item 7): the demo owner creates a product of their own — two
 * audiences, a new upsell, texts in English and Dutch, an uploaded image, a weekly schedule — and publishes
 * it; the storefront shows it in both languages and a shopper buys it with the test gateway; the owner then
 * lowers that slot's capacity below what was sold and is refused with the number. A box-office account
 * cannot open the catalogue. Axe checks every editor page on the way.
 */
import { expect, test } from '@playwright/test';
import { formatDay } from '#domain/date-text.ts';
import { expectNoSeriousViolations } from './a11y.ts';
import { expectStep, next, settleOnTestGateway } from './order-helpers.ts';
import { signIn, STAFF } from './backoffice.ts';

const OWNER = STAFF.owner;
const BOX_OFFICE = STAFF.boxOffice;
/** A 4×4 green PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGPQqveHIwbiOACQ8w+BkAhCFQAAAABJRU5ErkJggg==', 'base64');

test('the owner creates, schedules and publishes a product; a shopper buys it; the sold slot cannot shrink below its sales', async ({ page }) => {
  // Three journeys in one (the owner's editors, a shopper's purchase, the owner again) with axe on eight pages:
  // about 40 s on a quiet machine, so twice the default budget on a loaded one.
  test.setTimeout(120_000);
  const slug = `e2e-lantern-walk-${Date.now().toString(36)}`;
  await signIn(page, OWNER);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  for (const [link, heading] of [
    ['Categories', 'Categories'],
    ['Audiences', 'Audiences'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expectNoSeriousViolations(page, `${heading} page`);
  }

  // The product, with every part the storefront shows.
  await nav.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await expectNoSeriousViolations(page, 'new product');

  const english = page.getByRole('group', { name: 'English (main language)' });
  await english.getByRole('textbox', { name: 'Title (required)' }).fill('Lantern walk');
  await english.getByRole('textbox', { name: 'Description' }).fill('<p>An evening walk past the sleeping animals.</p>');
  const dutch = page.getByRole('group', { name: 'Nederlands' });
  await dutch.getByRole('textbox', { name: 'Title' }).fill('Lantaarnwandeling');
  await dutch.getByRole('textbox', { name: 'Description' }).fill('<p>Een avondwandeling langs de slapende dieren.</p>');
  await page.getByRole('textbox', { name: 'Slug' }).fill(slug);
  await page.getByRole('combobox', { name: 'State' }).selectOption('PUBLISHED');
  await page.getByLabel('Image file').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'The product image' })).toHaveAttribute('src', /^\/media\//);

  await page.getByRole('combobox', { name: 'Price type' }).selectOption('AUDIENCE');
  await page.getByRole('checkbox', { name: 'Sold for a date' }).check();
  await page.getByRole('checkbox', { name: 'Sold for a time slot' }).check();
  for (const [number, audience, price] of [
    [1, 'Adult', '18.50'],
    [2, 'Child (4-12)', '9.25'],
  ] as const) {
    await page.getByRole('button', { name: 'Add an audience' }).click();
    const row = page.getByRole('group', { name: `Audience ${number}`, exact: true });
    await row.getByRole('combobox', { name: 'Audience' }).selectOption({ label: audience });
    await row.getByRole('spinbutton', { name: 'Price' }).fill(price);
  }
  const newUpsell = page.getByRole('group', { name: 'New upsell' });
  await newUpsell.getByRole('textbox', { name: 'Title (English)' }).fill('Lantern to take home');
  await newUpsell.getByRole('spinbutton', { name: 'Price' }).fill('6');
  await newUpsell.getByRole('button', { name: 'Add the upsell' }).click();
  await expect(page.getByRole('checkbox', { name: 'Lantern to take home' })).toBeChecked();
  await expectNoSeriousViolations(page, 'product form filled in');

  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/catalogue\/products\/\d+$/);
  const productId = /(\d+)$/.exec(page.url())![1]!;

  // A weekly schedule: every day, 18:00–22:00 in two-hour slots of 30 places, two weeks ahead.
  await page.getByRole('link', { name: 'Schedule and slots' }).click();
  // Named by the product, never its number (issue 38 item 1).
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule of Lantern walk' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Horizon (days ahead)' }).fill('14');
  await page.getByRole('button', { name: 'Add a season' }).click();
  const pattern = page.getByRole('group', { name: 'Weekly pattern 1' });
  for (const day of ['Saturday', 'Sunday']) await pattern.getByRole('checkbox', { name: day }).check();
  await pattern.getByLabel('Start').fill('18:00');
  await pattern.getByLabel('End').fill('22:00');
  await pattern.getByRole('spinbutton', { name: 'Slot length (minutes)' }).fill('120');
  await pattern.getByRole('spinbutton', { name: 'Capacity', exact: true }).fill('30');
  await expectNoSeriousViolations(page, 'schedule editor');
  await page.getByRole('button', { name: 'Save and generate the slots' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved: \d+ slots added/ })).toBeVisible();

  // The storefront, in English and in Dutch.
  await page.goto(`/product/${productId}/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lantern walk' })).toBeVisible();
  await page.getByLabel('Language').selectOption('nl');
  await expect(page.getByRole('heading', { level: 1, name: 'Lantaarnwandeling' })).toBeVisible();
  await page.getByLabel('Taal').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Lantern walk' })).toBeVisible();

  // A shopper buys one adult place.
  await expectStep(page, 'How many tickets?');
  await page.getByRole('button', { name: /^More: Adult/ }).click();
  await next(page);
  await expectStep(page, 'Choose a date and time');
  await expect(page.getByRole('list', { name: 'Time slots' }).getByRole('button', { pressed: true })).toBeVisible();
  await next(page);
  await expectStep(page, 'Add extras');
  await expect(page.getByText('Lantern to take home')).toBeVisible();
  await next(page);
  await expectStep(page, 'Your details');
  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Lou');
  await textbox(/^Last name/).fill('Bakker');
  await textbox(/^Email address/).fill('lou@example.org');
  await textbox(/^Confirm email address/).fill('lou@example.org');
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('social');
  // €18.50 + €1.00 booking fee
  await page.getByRole('button', { name: 'Pay €19.50' }).click();
  await settleOnTestGateway(page, 'Pay');
  await expect(page.getByText('Thank you! Your payment has been received and your order is confirmed.')).toBeVisible();

  // Back in the back office: the sold slot's capacity cannot go below its one sold place.
  const today = new Date().toISOString().slice(0, 10);
  const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (await page.request.get(`/api/backoffice/products/${productId}/slots?from=${today}&until=${until}`)).json()) as {
    date: string;
    startTime: string;
    sold: number;
  }[];
  const sold = slots.find((slot) => slot.sold > 0)!;
  expect(sold.sold).toBe(1);
  await page.goto('/backoffice/slots');
  await page.getByRole('combobox', { name: 'Product' }).selectOption(productId);
  // The calendar opens on this month; the sold slot may be in the next.
  if (sold.date.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  const day = formatDay(sold.date, 'en', 'short');
  await page.getByRole('button', { name: new RegExp(`^${day}: `) }).click();
  await page.getByRole('button', { name: `Edit ${sold.startTime.slice(0, 5)} on ${day}` }).click();
  await page.getByRole('spinbutton', { name: 'Capacity', exact: true }).fill('0');
  await page.getByRole('button', { name: 'Save the slot' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Refused: 1 place is already sold or held on this slot' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Capacity', exact: true })).toHaveAccessibleDescription(/Refused: 1 place/);
  await expectNoSeriousViolations(page, 'slot calendar with a refusal');
});

test('a box-office account cannot open the catalogue editor', async ({ page }) => {
  await signIn(page, BOX_OFFICE);
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' })).toHaveCount(0);
  await page.goto('/backoffice/catalogue/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  expect((await page.request.get('/api/backoffice/catalogue/products')).status()).toBe(403);
});
