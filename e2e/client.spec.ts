import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../tests/server/helpers/smtp-sink.ts';
import { expectNoSeriousViolations } from './a11y.ts';

test('the demo client signs in, is shown in the header, and signs out', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/client\/login/);

  await page.getByLabel('E-mail address').fill('demo@tidewater.example');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(header.getByText('Dana de Vries')).toHaveCount(0);

  await page.getByLabel('Password').fill('tidewater-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(header.getByText('Dana de Vries')).toBeVisible();

  // The session survives a reload: it lives in an HttpOnly cookie, not in the page.
  await page.reload();
  await expect(header.getByText('Dana de Vries')).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).not.toContain('shop_session');

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByText('Dana de Vries')).toHaveCount(0);
});

/**
 * Making an account: sign up with the keyboard, confirm the address through the mailed link (a real
 * SMTP sink: this journey runs its own shop with SMTP_URL, like e2e/vouchers.spec.ts), land on the
 * account page, sign out. axe on the sign-up form, its answer and the account page.
 */
test.describe('a new account', () => {
  // Beside the ports the Playwright config and vouchers.spec.ts use (E2E_PORT + 0…6, 12…14).
  const port = Number(process.env.E2E_PORT ?? 4300) + 7;
  const base = `http://127.0.0.1:${port}`;
  let shop: ChildProcess;
  let sink: SmtpSink;

  test.beforeAll(async () => {
    sink = await startSmtpSink();
    shop = spawn(process.execPath, ['e2e/serve-shop.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-e2e-account-')),
        STATIC_DIR: 'dist',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        SMTP_URL: sink.url,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (response) => response.ok,
            () => false,
          ),
        { timeout: 30_000, intervals: [100] },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    shop?.kill();
    await sink?.close();
  });

  /** The link of the last mail to an address, quoted-printable undone. */
  function mailedLink(to: string): string | null {
    const mail = sink.received.filter((received) => received.to.includes(to)).at(-1);
    if (!mail) return null;
    const text = mail.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return /http:\/\/\S+\/client\/login\?token=\S+/.exec(text)?.[0] ?? null;
  }

  test('sign up, confirm through the mailed link, see the account, sign out', async ({ page }) => {
    const email = 'robin.new@example.org';
    await page.goto(`${base}/client/login`);
    await page.getByRole('link', { name: 'Make an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Make an account' })).toBeVisible();
    await expectNoSeriousViolations(page, 'sign-up form');

    // With the keyboard only: each field, then Enter.
    await page.getByLabel(/^First name/).focus();
    await page.keyboard.type('Robin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Vos');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('a sea lion named Bob');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a sea lion named Bob');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText(`Check your mail: we sent a message to ${email}.`);
    await expectNoSeriousViolations(page, 'sign-up sent');

    // Not usable before the address is confirmed.
    await page.goto(`${base}/client/login`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('a sea lion named Bob');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');

    await expect.poll(() => mailedLink(email), { timeout: 20_000 }).not.toBeNull();
    await page.goto(mailedLink(email)!);
    await expect(page).toHaveURL(/\/client\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Passes (0)' })).toContainText('You have no passes.');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Robin Vos/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'account page');

    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/client\/login\?redirect=%2Fclient%2Faccount$/);
  });
});
