/**
 * The back office's organisation-level editors and staff pages (issue 20 items 1 and 3): the owner renames
 * the shop, adds a customer field and an FAQ question in English and Dutch, and the storefront shows them;
 * the owner invites a staff member, the mailed link sets their password (a public page) and they sign in.
 * axe on every page visited. Leaves the demo shop usable: the new field is optional, nothing is sold.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { mailedLink, STAFF_SET_PASSWORD_LINK } from './mailbox.ts';
import { signIn, STAFF } from './backoffice.ts';

const OWNER = STAFF.owner;

async function open(page: Page, link: string, heading: string) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('the owner changes the shop name, a customer field and the FAQ in English and Dutch; the storefront shows them', async ({ page }) => {
  const run = Date.now().toString(36);
  await signIn(page, OWNER);

  await open(page, 'Shop settings', 'Shop settings');
  const name = page.getByRole('group', { name: 'Shop name' });
  await name.getByLabel('English (required)').fill(`Tidewater Harbour ${run}`);
  await name.getByLabel('Nederlands').fill(`Tidewater Haven ${run}`);
  await expectNoSeriousViolations(page, 'shop settings');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await open(page, 'Customer fields', 'Customer fields');
  await page.getByRole('button', { name: 'Add a field' }).click();
  const fieldForm = page.getByRole('form', { name: 'Add a field' });
  await fieldForm.getByLabel('Name', { exact: true }).fill(`favourite_animal_${run}`);
  const label = fieldForm.getByRole('group', { name: 'Label' });
  await label.getByLabel('English (required)').fill(`Favourite animal ${run}`);
  await label.getByLabel('Nederlands').fill(`Lievelingsdier ${run}`);
  await expectNoSeriousViolations(page, 'customer fields');
  await fieldForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('cell', { name: `Favourite animal ${run}` })).toBeVisible();

  await open(page, 'FAQ', 'FAQ and contact');
  await page.getByRole('button', { name: 'Add a question' }).click();
  const questionForm = page.getByRole('form', { name: 'Add a question' });
  await questionForm.getByRole('group', { name: 'Question' }).getByLabel('English (required)').fill(`Can I feed the otters ${run}?`);
  await questionForm.getByRole('group', { name: 'Question' }).getByLabel('Nederlands').fill(`Mag ik de otters voeren ${run}?`);
  await questionForm.getByRole('group', { name: 'Answer' }).getByLabel('English (required)').fill('<p>Only at <b>the 2 pm talk</b>.</p>');
  await questionForm.getByRole('group', { name: 'Answer' }).getByLabel('Nederlands').fill('<p>Alleen bij de <b>uitleg om 14.00 uur</b>.</p>');
  await expectNoSeriousViolations(page, 'FAQ editor');
  await questionForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: `Edit Can I feed the otters ${run}?` })).toBeVisible();

  // The storefront, within the catalogue cache time (CATALOGUE_CACHE_MS): both languages.
  await expect(async () => {
    await page.goto('/?lang=nl');
    await expect(page.getByRole('banner').getByText(`Tidewater Haven ${run}`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.goto('/?lang=en');
  await expect(page.getByRole('banner').getByText(`Tidewater Harbour ${run}`)).toBeVisible();
  for (const [lang, text] of [
    ['nl', `Lievelingsdier ${run}`],
    ['en', `Favourite animal ${run}`],
  ] as const) {
    const organisation = (await (await page.request.get(`/api/organisation?language=${lang}`)).json()) as { fields: { label: string }[] };
    expect(organisation.fields.map((field) => field.label)).toContain(text);
  }
  await page.goto('/faq?lang=nl');
  await page.getByRole('button', { name: `Mag ik de otters voeren ${run}?` }).click();
  await expect(page.getByText('Alleen bij de uitleg om 14.00 uur.')).toBeVisible();
  await page.goto('/faq?lang=en');
  await page.getByRole('button', { name: `Can I feed the otters ${run}?` }).click();
  await expect(page.getByText('Only at the 2 pm talk.')).toBeVisible();
});

test('the owner invites a staff member; the mailed link sets a password and they sign in', async ({ page, browser }) => {
  const email = `gate-${Date.now().toString(36)}@example.org`;
  await signIn(page, OWNER);
  await open(page, 'Staff', 'Staff');
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('E-mail address').fill(email);
  await invite.getByLabel('Name').fill('Gus Gate');
  await invite.getByLabel('Role').selectOption('gate');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`An invitation was mailed to ${email}.`);
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  await expectNoSeriousViolations(page, 'staff list');

  // The audit log says it in words: who was invited, as what, by whom.
  await open(page, 'Audit log', 'Audit log');
  await page.getByLabel('What').selectOption({ label: 'Staff' });
  await page.getByRole('button', { name: 'Show' }).click();
  const invitation = page.getByRole('listitem').filter({ hasText: 'Invited Gus Gate as gate' });
  await expect(invitation).toBeVisible();
  await expect(invitation).toContainText('Olivia Owner · ');
  await expect(page.getByText('staff.create')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'audit log');

  await open(page, 'My account', 'My account');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'my account');

  // The invited person, in a browser of their own (no session): the link opens the public set-password page.
  const link = await mailedLink(page, email, STAFF_SET_PASSWORD_LINK);
  const context = await browser.newContext({ baseURL: new URL(link).origin });
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expectNoSeriousViolations(invited, 'set-password page');
  await invited.getByLabel('New password').fill('gus-gate-password');
  await invited.getByLabel('Repeat the password').fill('gus-gate-password');
  await invited.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(invited.getByText('You are signed in as gate.')).toBeVisible();
  await invited.getByRole('button', { name: 'Sign out' }).click();
  await signIn(invited, { email, password: 'gus-gate-password' });
  await expect(invited.getByText('You are signed in as gate.')).toBeVisible();
  await context.close();
});
