/** Steps shared by the order journeys: walking the product flow as a visitor would. */
import { expect, type Page } from '@playwright/test';

export async function openProduct(page: Page, categoryPath: string[], title: string) {
  await page.goto('/');
  for (const category of categoryPath) {
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`: ${category}$`) })
      .click();
  }
  await page.getByRole('link', { name: `Book tickets: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

export async function next(page: Page) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

export async function expectStep(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

/** Places left over every plot of a product, as the API reports them. */
export async function placesLeft(page: Page, productId: string): Promise<number> {
  const response = await page.request.get(`/api/products/${productId}/plots`);
  expect(response.ok()).toBe(true);
  const plots = (await response.json()) as { capacity: number | null; availability: { amount: number } }[];
  return plots.filter((plot) => plot.capacity !== null).reduce((sum, plot) => sum + plot.availability.amount, 0);
}

export function productIdFromUrl(page: Page): string {
  const match = /\/product\/(\d+)\//.exec(page.url());
  if (!match?.[1]) throw new Error(`not a product page: ${page.url()}`);
  return match[1];
}

/** The built-in test gateway's page: choose what the "bank" does. */
export async function settleOnTestGateway(page: Page, action: 'Pay' | 'Fail' | 'Cancel') {
  await expect(page).toHaveURL(/\/api\/test-gateway\//);
  await page.getByRole('button', { name: action, exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/return\//);
}

/** The demo client signs in (docs/demo-shop.md). */
export async function signInAsDemoClient(page: Page) {
  await page.goto('/client/login');
  await page.getByLabel('E-mail address').fill('demo@tidewater.example');
  await page.getByLabel('Password').fill('tidewater-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText('Dana de Vries')).toBeVisible();
}

/** The zoo guidebook's page (no date, no extras), from the home page. */
export async function openGuidebook(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Book tickets: Zoo guidebook' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zoo guidebook' })).toBeVisible();
}

/** One guidebook, on to the details step, filled in as an anonymous visitor. */
export async function guidebookDetails(page: Page, email = 'kim@example.org') {
  await page.getByRole('button', { name: /^More: / }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, 'Your details');
  const textbox = (name: RegExp) => page.getByRole('textbox', { name });
  await textbox(/^First name/).fill('Kim');
  await textbox(/^Last name/).fill('Visser');
  await textbox(/^Email address/).fill(email);
  await textbox(/^Confirm email address/).fill(email);
  await page.getByRole('combobox', { name: /How did you hear about us/ }).selectOption('social');
}

/** A zoo guidebook up to the payment, as an anonymous visitor. */
export async function orderGuidebook(page: Page) {
  await openGuidebook(page);
  await guidebookDetails(page);
  // €12.95 + €1.00 booking fee
  await page.getByRole('button', { name: 'Pay €13.95' }).click();
}
