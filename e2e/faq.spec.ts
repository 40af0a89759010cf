import { expect, test } from '@playwright/test';

test('the FAQ accordion opens and closes answers with mouse and keyboard', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  const question = page.getByRole('button', { name: 'When are you open?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  const answerId = await question.getAttribute('aria-controls');
  await expect(page.locator(`[id="${answerId}"]`)).toBeVisible();

  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
});

test('a refund request is refused while invalid and accepted when valid', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/faq/mail')) sent.push(request.postData() ?? '');
  });
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Request a refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund request' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('E-mail address').fill('not-an-email');
  await dialog.getByLabel('Order number').fill('12a');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Order number')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toHaveLength(0);

  await dialog.getByLabel('First name').fill('Dana');
  await dialog.getByLabel('Last name').fill('de Vries');
  await dialog.getByLabel('E-mail address').fill('dana@tidewater.example');
  await dialog.getByLabel('Order number').fill('10452');
  await dialog.getByLabel('Comment').fill('We cannot come on Saturday.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Thank you. We received your request')).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toMatchObject({ first_name: 'Dana', order_number: '10452', email: 'dana@tidewater.example' });
});

test('the contact card shows the shop contact details', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Show contact details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact details' });
  await expect(dialog.getByRole('link', { name: /\+31 20 123 4567/ })).toHaveAttribute('href', /^tel:/);
  await expect(dialog.getByRole('link', { name: /hello@tidewater\.example/ })).toHaveAttribute('href', 'mailto:hello@tidewater.example');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Rebook' })).toHaveAttribute('href', '/rebook/tidewater-rebook');
});

test('one click on "Send request" is enough while a field with a problem is focused', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Request a refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund request' });
  await dialog.getByLabel('Order number').fill('12a');
  // Still in the field: leaving it for the button must not move the button away before the click lands.
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Order number')).toHaveAttribute('aria-invalid', 'true');
});
