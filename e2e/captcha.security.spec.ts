/**
 * The captcha journey (spec sections 4 "Captcha" and 8) in the `security` project: a shop whose
 * organisation has a captcha site key (CAPTCHA_SITE_KEY at seeding), the server verifying tokens
 * against the fake siteverify of tests/fakes/serve-captcha.ts. There is no internet, so Google's
 * api.js is served by interception: a tiny grecaptcha whose checkbox hands out a token the fake
 * verify endpoint issued (POST /tokens) and accepts once.
 */
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { guidebookDetails, openGuidebook, productIdFromUrl, settleOnTestGateway } from './order-helpers.ts';

// playwright.config.ts starts the fake verify endpoint on E2E_PORT + 14 (4314).
const CAPTCHA_BASE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300) + 14}`;
const EMAIL = 'robot-or-not@example.org';

/** Google's api.js, reduced to what react-google-recaptcha calls (render, getResponse, reset, execute). */
function fakeRecaptchaScript(token: string): string {
  return `(() => {
  const TOKEN = ${JSON.stringify(token)};
  const widgets = [];
  window.grecaptcha = {
    render(container, params) {
      const label = document.createElement('label');
      label.dataset.sitekey = params.sitekey;
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.addEventListener('change', () => { if (box.checked) params.callback(TOKEN); });
      label.append(box, " I'm not a robot");
      container.append(label);
      widgets.push(box);
      return widgets.length - 1;
    },
    getResponse: (id) => (widgets[id ?? 0]?.checked ? TOKEN : ''),
    reset: (id) => { const box = widgets[id ?? 0]; if (box) box.checked = false; },
    execute: () => undefined,
  };
  // Like Google's script, call the page's onload callback only once this script has loaded.
  const script = document.currentScript;
  const onload = new URL(script.src).searchParams.get('onload');
  script.addEventListener('load', () => {
    if (onload && typeof window[onload] === 'function') window[onload]();
  });
})();`;
}

async function serveFakeRecaptcha(page: Page) {
  const loads: string[] = [];
  for (const pattern of ['https://www.google.com/recaptcha/**', 'https://www.recaptcha.net/recaptcha/**', 'https://recaptcha.net/recaptcha/**']) {
    await page.route(pattern, async (route) => {
      loads.push(route.request().url());
      const issued = await page.request.post(`${CAPTCHA_BASE}/tokens`);
      expect(issued.ok()).toBe(true);
      const { token } = (await issued.json()) as { token: string };
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeRecaptchaScript(token) });
    });
  }
  return loads;
}

/**
 * Sends `attempt(1)`, `attempt(2)`, ... until the shop asks for the captcha (403
 * SECURITY_CAPTCHA_REQUIRED); each earlier answer has `status`. Fails when it has not asked within `most`.
 */
async function untilCaptchaAsked(what: string, most: number, status: number, attempt: (index: number) => Promise<APIResponse>) {
  for (let index = 1; index <= most; index += 1) {
    const response = await attempt(index);
    if (response.status() === 403) {
      expect(await response.json()).toMatchObject({ error: 'SECURITY_CAPTCHA_REQUIRED' });
      return;
    }
    expect(response.status(), await response.text()).toBe(status);
  }
  throw new Error(`the shop did not ask for a captcha within ${most} ${what}`);
}

const orderBody = (productId: number) => ({
  customer: { first_name: 'Kim', last_name: 'Visser', email: EMAIL, fields: { email_confirm: EMAIL, heard_about_us: 'social' } },
  orders: [{ product: { id: productId, quantity: 1 } }],
});

test('a shopper over the submission limit ticks the captcha and the order goes on to payment', async ({ page }) => {
  const loads = await serveFakeRecaptcha(page);
  const organisation = (await (await page.request.get('/api/organisation')).json()) as { security: { enabled: boolean; captcha_key: string } };
  expect(organisation.security.enabled).toBe(true);

  await openGuidebook(page);
  const productId = Number(productIdFromUrl(page));
  expect(loads, 'the captcha script is not loaded up front').toEqual([]);

  // Earlier orders from this address and e-mail, until the shop asks for a captcha.
  await untilCaptchaAsked('orders', 10, 200, () => page.request.post('/api/orders', { data: orderBody(productId) }));

  await guidebookDetails(page, EMAIL);
  const submitted: { captcha: string | null }[] = [];
  page.on('request', (request) => {
    const body =
      request.method() === 'POST' && request.url().endsWith('/api/orders') ? (request.postDataJSON() as { simulate?: boolean; captcha: string | null }) : null;
    if (body && !body.simulate) submitted.push({ captcha: body.captcha });
  });
  await page.getByRole('button', { name: 'Pay €13.95' }).click();

  const dialog = page.getByRole('dialog', { name: 'Please confirm you are not a robot' });
  await expect(dialog).toBeVisible();
  const widget = dialog.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(widget).toBeVisible();
  await expect(dialog.locator('label[data-sitekey]')).toHaveAttribute('data-sitekey', organisation.security.captcha_key);
  await expectNoSeriousViolations(page, 'captcha modal');
  expect(loads).toHaveLength(1);
  expect(loads[0]).toMatch(/^https:\/\/www\.google\.com\/recaptcha\/api\.js\?onload=\w+&render=explicit&?/);

  await widget.click();
  await settleOnTestGateway(page, 'Pay');
  // Refused without a token, then retried with the one the widget handed out (verified by the fake).
  expect(submitted).toEqual([{ captcha: null }, { captcha: expect.stringMatching(/^fake-captcha-/) }]);
  await expect(page.getByRole('dialog', { name: 'Your order could not be placed' })).toHaveCount(0);
});

test('sign-in to an account strangers keep guessing shows the captcha, and solving it signs in', async ({ page }) => {
  const loads = await serveFakeRecaptcha(page);
  // Wrong passwords for the demo account from other addresses (through the one trusted proxy hop),
  // until its sign-ins need the captcha; none of them locks the owner's own address.
  await untilCaptchaAsked('wrong passwords', 20, 401, (attempt) =>
    page.request.post('/api/client/login', {
      data: { email: 'demo@tidewater.example', password: `guess-${attempt}` },
      headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
    }),
  );

  const sent: { captcha?: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/client/login')) sent.push(request.postDataJSON() as { captcha?: string });
  });
  await page.goto('/client/login');
  await page.getByLabel('E-mail address').fill('demo@tidewater.example');
  await page.getByLabel('Password').fill('tidewater-demo');
  expect(loads, 'the captcha script is not loaded before the shop asks').toEqual([]);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const dialog = page.getByRole('dialog', { name: 'Please confirm you are not a robot' });
  await expect(dialog).toBeVisible();
  const widget = dialog.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(widget).toBeVisible();
  await expectNoSeriousViolations(page, 'captcha at sign-in');
  expect(loads).toHaveLength(1);
  await widget.click();

  await expect(page.getByRole('banner').getByText('Dana de Vries')).toBeVisible();
  expect(sent.map((body) => body.captcha)).toEqual([undefined, expect.stringMatching(/^fake-captcha-/)]);
});

test('the refund form past a few requests from one address shows the captcha, and solving it sends the request', async ({ page }) => {
  const loads = await serveFakeRecaptcha(page);
  const form = (email: string) => ({ first_name: 'Dana', last_name: 'de Vries', email, adress: '', order_number: '10452', comment: 'x' });
  // Earlier requests from this address, until the shop asks for a captcha.
  await untilCaptchaAsked('requests', 10, 201, (attempt) => page.request.post('/api/faq/mail', { data: form(`earlier-${attempt}@example.org`) }));

  const sent: { captcha?: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/faq/mail')) sent.push(request.postDataJSON() as { captcha?: string });
  });
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Request a refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund request' });
  await refund.getByLabel('First name').fill('Dana');
  await refund.getByLabel('Last name').fill('de Vries');
  await refund.getByLabel('E-mail address').fill('dana@tidewater.example');
  await refund.getByLabel('Order number').fill('10452');
  expect(loads, 'the captcha script is not loaded before the shop asks').toEqual([]);
  await refund.getByRole('button', { name: 'Send request' }).click();

  const dialog = page.getByRole('dialog', { name: 'Please confirm you are not a robot' });
  await expect(dialog).toBeVisible();
  const widget = dialog.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(widget).toBeVisible();
  await expectNoSeriousViolations(page, 'captcha on the refund form');
  await widget.click();

  await expect(refund.getByText('Thank you. We received your request')).toBeVisible();
  expect(sent.map((body) => body.captcha)).toEqual([undefined, expect.stringMatching(/^fake-captcha-/)]);
});
