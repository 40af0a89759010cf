/**
 * The one order change, as the people it concerns see it (server/modules/checkout/order-change.ts):
 * a staff partial refund and then the rest, a refund request accepted and another declined, a
 * shopper's own cancel of a reservation. Each mails the visitor the right amount in their language
 * (the local mailbox), the visitor's page and the desk's timeline say in words what happened, and
 * the audit log names the product and the amount.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './a11y.ts';
import { signIn, STAFF } from './backoffice.ts';
import { mailsTo } from './mailbox.ts';

const euros = (amount: number, locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);

interface Placed {
  number: number;
  hash: string;
  total: number;
}

/** The tour booked through the shop's own API (the desk journey buys through the pages): two tickets, paid or reserved. */
async function place(request: APIRequestContext, email: string, language: string, action: 'pay' | 'reserve'): Promise<Placed> {
  const products = (await (await request.get('/api/home/products')).json()) as { products?: { id: number; slug: string }[] };
  const tour = products.products?.find((product) => product.slug === 'behind-the-scenes') ?? { id: 0 };
  // A slot two days on: none of its places are in the past.
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const plots = (await (await request.get(`/api/products/${tour.id}/plots?orderingCol=date&orderingDir=asc&filterFrom=${from}`)).json()) as { id: number }[];
  const plot = plots[0]?.id;
  expect(plot, 'a tour slot').toBeTruthy();
  const customer = {
    first_name: 'Mara',
    last_name: 'Visser',
    email,
    fields: { email_confirm: email, phone: '+31 6 1234 5678', heard_about_us: 'newspaper', date_of_birth: '1990-05-17', safety_rules: true },
  };
  const response = await request.post('/api/orders', { data: { customer, action, language, orders: [{ product: { id: tour.id, plot, quantity: 2 } }] } });
  expect(response.ok(), await response.text()).toBe(true);
  const [line] = ((await response.json()) as { response: { orders: { order: { hash: string }; payment: { hash: string } }[] } }).response.orders;
  if (action === 'pay') {
    const paid = await request.post(`/api/test-gateway/${line?.payment.hash}/pay`, { form: {}, maxRedirects: 0 });
    expect(paid.status()).toBeLessThan(400);
  }
  const status = (await (await request.get(`/api/orders/${line?.order.hash}`)).json()) as { total: number };
  const found = (await (await request.get(`/api/backoffice/orders?q=${encodeURIComponent(email)}`)).json()) as { orders: { number: number }[] };
  return { number: found.orders[0]?.number ?? 0, hash: line?.order.hash ?? '', total: status.total };
}

async function mailWith(page: Page, email: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  let mail: { subject: string; text: string } | undefined;
  let seen: string[] = [];
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(page, email);
        seen = mails.map((each) => each.subject);
        mail = mails.find((each) => subject.test(each.subject));
        return mail?.subject ?? `none of: ${seen.join(' | ')}`;
      },
      { timeout: 20_000 },
    )
    .toMatch(subject);
  return mail as { subject: string; text: string };
}

async function openOrder(page: Page, number: number) {
  await page.goto(`/backoffice/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
}

test('a staff refund of part, then the rest: the visitor is told each amount in Dutch; every page says it in words', async ({ page, browser }) => {
  const email = `change-refund-${Date.now()}@example.org`;
  await signIn(page, STAFF.boxOffice);
  const order = await place(page.request, email, 'nl', 'pay');

  await openOrder(page, order.number);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const part = page.getByRole('dialog', { name: `Refund order ${order.number}` });
  await part.getByRole('spinbutton', { name: 'Amount to give back' }).fill('35.50');
  await part.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('€35.50 refunded.');

  await page.getByRole('button', { name: 'Cancel with refund' }).click();
  const rest = page.getByRole('dialog', { name: `Refund order ${order.number}` });
  await expect(rest.getByRole('spinbutton', { name: 'Amount to give back' })).toHaveValue(String(order.total - 35.5));
  await rest.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByRole('status')).toContainText(`${euros(order.total - 35.5, 'en-GB')} refunded.`);

  // The desk's timeline says who did what, with the money.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // The part and the rest (the tour's two tickets cost €71.00: €35.50 each time), each its own entry.
  expect(order.total).toBe(71);
  await expect(timeline.getByText(/€35\.50 refunded to the test payment/)).toHaveCount(2);
  await expect(timeline.getByText('Order cancelled')).toBeVisible();
  await expect(timeline.getByText(/by Bo Box-Office/).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'order page with its history');

  // The visitor's mails, in Dutch, each with its amount.
  const first = await mailWith(page, email, new RegExp(`^Een terugbetaling voor je bestelling ${order.number}`));
  expect(first.text).toContain(`We betalen ${euros(35.5, 'nl-NL')} terug`);
  const cancelled = await mailWith(page, email, new RegExp(`^Je bestelling ${order.number} is geannuleerd`));
  expect(cancelled.text).toContain(`We betalen ${euros(order.total - 35.5, 'nl-NL')} terug`);

  // The visitor's own page says why, in their language.
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('shop.language', 'nl'));
  await page.goto(`/checkout/return/${order.hash}`);
  await expect(
    page.getByText(`Je bestelling is geannuleerd en ${euros(order.total, 'nl-NL')} wordt terugbetaald via de testbetaling.`, { exact: false }),
  ).toBeVisible();
  const refunds = page.getByRole('listitem').filter({ hasText: `${euros(35.5, 'nl-NL')} terugbetaald via de testbetaling` });
  await expect(refunds).toHaveCount(2);
  await expect(refunds.first()).toContainText('door de kassa');
  await expectNoSeriousViolations(page, 'order page of a refunded order');

  // The audit log names the product and the amount.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, STAFF.owner);
  await owner.goto('/backoffice/audit');
  await expect(owner.getByText(new RegExp(`Refunded €35\\.50 of order ${order.number}.*Behind the scenes tour`)).first()).toBeVisible();
  await owner.context().close();
});

test('a refund request accepted and another declined: each visitor is told in the language they wrote in', async ({ page }) => {
  const stamp = Date.now();
  const accepted = `change-accept-${stamp}@example.org`;
  const declined = `change-decline-${stamp}@example.org`;
  await signIn(page, STAFF.boxOffice);
  const one = await place(page.request, accepted, 'en', 'pay');
  const other = await place(page.request, declined, 'fr', 'pay');
  const ask = (email: string, number: number, language: string) =>
    page.request.post('/api/faq/mail', {
      headers: { 'accept-language': language },
      data: { first_name: 'Mara', last_name: 'Visser', email, adress: 'Dorpsstraat 1', order_number: String(number), comment: 'We cannot come.' },
    });
  expect((await ask(accepted, one.number, 'en')).ok()).toBe(true);
  expect((await ask(declined, other.number, 'fr')).ok()).toBe(true);

  await page.goto('/backoffice/refund-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund requests' })).toBeVisible();
  await page.getByRole('button', { name: `Accept the request for order ${one.number}` }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${one.number}` });
  await refund.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByRole('status')).toContainText(`Order ${one.number}: ${euros(one.total, 'en-GB')} refunded; the request is accepted.`);

  await page.getByRole('button', { name: `Decline the request for order ${other.number}` }).click();
  const decline = page.getByRole('dialog', { name: `Decline the request for order ${other.number}` });
  await decline.getByRole('textbox', { name: 'Message to the visitor (optional)' }).fill('Les billets ne sont pas remboursables.');
  await decline.getByRole('button', { name: 'Decline and send the mail' }).click();
  await expect(page.getByRole('status')).toContainText(`The request is declined; ${declined} gets a mail.`);

  const yes = await mailWith(page, accepted, new RegExp(`^Your refund request for order ${one.number}`));
  expect(yes.text).toContain(`We have accepted your request to cancel and refund order ${one.number}.`);
  expect(yes.text).toContain(`We are refunding ${euros(one.total, 'en-GB')} the way you paid.`);
  const no = await mailWith(page, declined, new RegExp(`^Votre demande de remboursement pour la commande ${other.number}`));
  expect(no.text).toContain('Les billets ne sont pas remboursables.');

  // Both show on their orders' timelines.
  await openOrder(page, one.number);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText(`Refund request accepted: ${euros(one.total, 'en-GB')} refunded to the test payment`),
  ).toBeVisible();
  await openOrder(page, other.number);
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Refund request declined')).toBeVisible();
});

test("a shopper's own cancel of a reservation: places back, the visitor mailed in German", async ({ page }) => {
  const email = `change-cancel-${Date.now()}@example.org`;
  await signIn(page, STAFF.boxOffice);
  const reservation = await place(page.request, email, 'de', 'reserve');
  await page.goto(`/reservation/${reservation.hash}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Yes|Cancel reservation)/ })
    .click();
  await expect(page.getByRole('status').first()).toBeVisible();
  const mail = await mailWith(page, email, new RegExp(`^Ihre Bestellung ${reservation.number} wurde storniert`));
  expect(mail.text).toContain(`Ihre Bestellung ${reservation.number} für`);

  await openOrder(page, reservation.number);
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText(/Order cancelled.*by the visitor/)).toBeVisible();
});
