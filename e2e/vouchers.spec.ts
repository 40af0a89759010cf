/**
 * Gift vouchers end to end, in Chromium against the `orders` lane's shop: buy two €25 vouchers and pay on the
 * test gateway; the codes arrive by mail (the shop sends its mails over SMTP to the run's mailbox, e2e/mailbox.ts,
 * read per address); check one on /voucher-check, spend part of it on tickets, and check the balance again.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectStep } from './order-helpers.ts';
import { expectNoSeriousViolations } from './a11y.ts';
import { mailsTo } from './mailbox.ts';

// Addresses no other journey mails to: the mailbox is shared by the run's shops.
const buyer = 'robin.vouchers@example.org';
const business = 'accounts@engines.example';

/** The gift card codes of the mails `address` received so far (the mailbox undoes quoted-printable). */
async function mailedCodes(page: Page, address: string): Promise<string[]> {
  const text = (await mailsTo(page, address)).map((mail) => mail.text).join('\n');
  return [...new Set(text.match(/\b[2-9A-HJKMNP-TW-Z]{5}(?:-[2-9A-HJKMNP-TW-Z]{5}){3}\b/g) ?? [])];
}

async function firstVoucher(page: Page): Promise<{ id: number; slug: string }> {
  const home = (await (await page.request.get('/api/home/products')).json()) as { vouchers: { id: number; slug: string }[] };
  return home.vouchers[0] as { id: number; slug: string };
}

async function checkBalance(page: Page, code: string) {
  await page.goto('/voucher-check');
  await page.getByRole('textbox', { name: /^Voucher code/ }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your voucher' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'voucher balance modal');
  await expect(dialog).toContainText(code);
  return dialog;
}

test('buy two €25 vouchers, find the codes in the mail, check one, spend part of it and check again', async ({ page }) => {
  const voucher = await firstVoucher(page);
  await page.goto(`/voucher/${voucher.id}/${voucher.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift voucher' })).toBeVisible();
  await expectNoSeriousViolations(page, 'voucher flow');
  await expectStep(page, 'How many vouchers?');
  await page.getByRole('button', { name: 'More: €25 voucher' }).click();
  await page.getByRole('button', { name: 'More: €25 voucher' }).click();
  // The sidebar shows no total or pay button before the customer step.
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expectStep(page, 'Your details');
  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Robin');
  await textbox(/^Last name/).fill('Jansen');
  await textbox(/^Email address/).fill(buyer);
  await textbox(/^Confirm email address/).fill(buyer);
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('social');
  // €50 of vouchers + €1.00 booking fee.
  await expect(page.getByTestId('voucher-total')).toHaveText('€51.00');
  await page.getByRole('button', { name: 'Pay €51.00' }).click();

  await expect(page).toHaveURL(/\/api\/test-gateway\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/return\//);

  await expect.poll(async () => (await mailedCodes(page, buyer)).length, { timeout: 20_000 }).toBe(2);
  const [code] = (await mailedCodes(page, buyer)) as [string, string];
  const [mail] = await mailsTo(page, buyer);
  // The subject travels MIME-encoded (its dash is not ASCII).
  expect(mail?.subject).toMatch(/Your.gift.vouchers/);

  let dialog = await checkBalance(page, code);
  await expect(dialog).toContainText('€25.00');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Spend part of it on a zoo guidebook (€12.95 + €1.00 booking fee), as the signed-in demo client.
  await page.goto('/client/login');
  await page.getByLabel('E-mail address').fill('demo@tidewater.example');
  await page.getByLabel('Password').fill('tidewater-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText('Dana de Vries')).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'Book tickets: Zoo guidebook' }).click();
  await page.getByRole('button', { name: /^More: / }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, 'Your details');
  await page.getByRole('button', { name: 'Redeem a coupon or gift card' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: /^Code/ }).fill(code);
  await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Gift card accepted: €25.00 credit.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await page
    .getByRole('button', { name: /^(Confirm|Pay)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\/return\//);

  dialog = await checkBalance(page, code);
  await expect(dialog).toContainText('€11.05');
});

test('a business customer orders a voucher on invoice: nothing to pay now, confirmed at once, the code mailed', async ({ page }) => {
  const voucher = await firstVoucher(page);
  await page.goto(`/voucher/${voucher.id}/${voucher.slug}`);
  await page.getByRole('button', { name: 'More: €25 voucher' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, 'Your details');
  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Ada');
  await textbox(/^Last name/).fill('Lovelace');
  await textbox(/^Email address/).fill(business);
  await textbox(/^Confirm email address/).fill(business);
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('social');
  await expect(page.getByTestId('voucher-total')).toHaveText('€26.00');
  await page.getByRole('checkbox', { name: 'I am ordering for a company' }).check();
  await textbox(/^Company/).fill('Analytical Engines BV');
  await textbox(/^VAT number/).fill('NL123456789B01');
  await page.getByRole('checkbox', { name: /^Order on invoice/ }).check();
  await expect(page.getByTestId('voucher-total')).toHaveText('€0.00');
  await expectNoSeriousViolations(page, 'voucher flow: a business customer on invoice');
  await page.getByRole('button', { name: 'Confirm order' }).click();

  // No payment page: the order is confirmed at once, and its gift card mailed.
  await expect(page).toHaveURL(/\/checkout\/return\//);
  await expect.poll(async () => (await mailedCodes(page, business)).length, { timeout: 20_000 }).toBe(1);
});

test('an unknown code shows "Voucher not found"', async ({ page }) => {
  await page.goto('/voucher-check');
  await page.getByRole('textbox', { name: /^Voucher code/ }).fill('NOPE-NOPE');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('alert')).toHaveText('Voucher not found');
});
