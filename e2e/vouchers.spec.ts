/**
 * Gift vouchers end to end, in Chromium against a real shop: buy two €25 vouchers and pay on the
 * test gateway; the codes arrive by mail (a real SMTP sink: this spec runs its own shop with
 * SMTP_URL, started like the config's by e2e/serve-shop.mjs, so it can read what the mail worker
 * sends); check one on /voucher-check, spend part of it on tickets, and check the balance again. Every page is opened at this spec's own shop (`base`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/server/helpers/smtp-sink.ts';
import { expectStep } from './order-helpers.ts';
import { expectNoSeriousViolations } from './a11y.ts';

// Beside the ports the Playwright config starts its servers on (E2E_PORT + 0…4, 6, 12…16).
const port = Number(process.env.E2E_PORT ?? 4300) + 5;
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let sink: SmtpSink;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = spawn(process.execPath, ['e2e/serve-shop.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-e2e-vouchers-')),
      STATIC_DIR: 'dist',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SMTP_URL: sink.url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (
      await fetch(`${base}/api/health`)
        .then((response) => response.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the voucher shop did not start');
});

test.afterAll(async () => {
  server?.kill();
  await sink?.close();
});

/** The gift card codes of the mails received so far (quoted-printable undone). */
function mailedCodes(): string[] {
  const text = sink.received
    .map((mail) => mail.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .join('\n');
  return [...new Set(text.match(/\b[2-9A-HJKMNP-TW-Z]{5}(?:-[2-9A-HJKMNP-TW-Z]{5}){3}\b/g) ?? [])];
}

async function checkBalance(page: Page, code: string) {
  await page.goto(`${base}/voucher-check`);
  await page.getByRole('textbox', { name: /^Voucher code/ }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your voucher' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'voucher balance modal');
  await expect(dialog).toContainText(code);
  return dialog;
}

test('buy two €25 vouchers, find the codes in the mail, check one, spend part of it and check again', async ({ page }) => {
  const home = (await (await fetch(`${base}/api/home/products`)).json()) as { vouchers: { id: number; slug: string }[] };
  const voucher = home.vouchers[0] as { id: number; slug: string };
  await page.goto(`${base}/voucher/${voucher.id}/${voucher.slug}`);
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
  await textbox(/^Email address/).fill('robin@example.org');
  await textbox(/^Confirm email address/).fill('robin@example.org');
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('social');
  // €50 of vouchers + €1.00 booking fee.
  await expect(page.getByTestId('voucher-total')).toHaveText('€51.00');
  await page.getByRole('button', { name: 'Pay €51.00' }).click();

  await expect(page).toHaveURL(/\/api\/test-gateway\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/return\//);

  await expect.poll(() => mailedCodes().length, { timeout: 20_000 }).toBe(2);
  const [code] = mailedCodes() as [string, string];
  const mail = sink.received.find((received) => received.to.includes('robin@example.org'));
  // The subject travels MIME-encoded (its dash is not ASCII).
  expect(mail?.subject).toMatch(/Your.gift.vouchers/);

  let dialog = await checkBalance(page, code);
  await expect(dialog).toContainText('€25.00');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Spend part of it on a zoo guidebook (€12.95 + €1.00 booking fee), as the signed-in demo client.
  await page.goto(`${base}/client/login`);
  await page.getByLabel('E-mail address').fill('demo@tidewater.example');
  await page.getByLabel('Password').fill('tidewater-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText('Dana de Vries')).toBeVisible();
  await page.goto(base);
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

test('an unknown code shows "Voucher not found"', async ({ page }) => {
  await page.goto(`${base}/voucher-check`);
  await page.getByRole('textbox', { name: /^Voucher code/ }).fill('NOPE-NOPE');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('alert')).toHaveText('Voucher not found');
});
