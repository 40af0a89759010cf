/**
 * The test gateway's pages, registered only when PAYMENT_GATEWAY=test:
 * GET  /api/test-gateway/{paymentHash}                 a minimal page with the amount and Pay / Fail / Cancel
 * POST /api/test-gateway/{paymentHash}/pay|fail|cancel settles the payment once, then 303 → /checkout/return/{first order hash}
 * POST /api/test-gateway/{paymentHash}/start           where FORM mode's markup posts: 303 → the page above
 * The page and fail / cancel first expire a checkout whose holds lapsed; pay does not, so a late pay
 * still takes its places again when they are free (else the payment fails). Pay on a checkout given
 * up (cancelled at this page, failed, a reservation the shopper cancelled) is refused 409
 * ORDER_NOT_PAYABLE through the settlement: unlike a provider's late money, nothing arrived.
 */
import { z } from 'zod';
import { toAmount } from '#domain/money.ts';
import { notFound } from '../../errors.ts';
import { bodilessResponse, htmlResponse } from '../../openapi/openapi-document.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { GatewaySettlement, PaymentOutcome } from '../payment-gateway.ts';
import { testGatewayPage } from './test-gateway.ts';
import { access } from '../../openapi/api-description.ts';

const params = z.object({ hash: z.string().max(200) });
const actionParams = params.extend({ action: z.enum(['pay', 'fail', 'cancel']) });
const OUTCOME: Record<'pay' | 'fail' | 'cancel', PaymentOutcome> = { pay: 'paid', fail: 'failed', cancel: 'cancelled' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function page(options: { hash: string; amount: string; status: string; returnTo: string }): string {
  const base = `/api/test-gateway/${encodeURIComponent(options.hash)}`;
  const pending = options.status === 'pending';
  const button = (action: string, label: string) => `<form method="post" action="${base}/${action}"><button type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>Test payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}form{display:inline-block;margin:.25rem}button{font-size:1rem;padding:.5rem 1rem}</style></head>
<body>
<main>
<h1>Test payment</h1>
<p>This is the shop's test gateway: no money moves.</p>
<p>Amount to pay: <strong data-testid="amount">${escapeHtml(options.amount)}</strong></p>
${
  pending
    ? `<div role="group" aria-label="Payment outcome">${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}</div>`
    : `<p role="status">This payment is already ${escapeHtml(options.status)}.</p><p><a href="${escapeHtml(options.returnTo)}">Back to the shop</a></p>`
}
</main>
</body>
</html>`;
}

export const testGatewayRoutes =
  (settlement: GatewaySettlement): ZodRoutes =>
  async (app) => {
    // The page's forms post urlencoded bodies with no fields; nothing in them is read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

    app.get(
      '/test-gateway/:hash',
      {
        schema: {
          operationId: 'getTestPaymentPage',
          summary: "The test gateway's payment page (HTML): Pay, Fail, Cancel",
          tags: ['payments'],
          security: access.public,
          params,
          response: { 200: htmlResponse('The test payment page: Pay, Fail, Cancel'), ...refusalResponses },
        },
      },
      async (request, reply) => {
        const { hash } = request.params;
        const seen = await settlement.findPayment(hash);
        if (!seen || seen.gateway !== 'test') throw notFound('No such payment');
        if (seen.status === 'pending') await settlement.expireIfLapsed(hash);
        const payment = (await settlement.findPayment(hash)) ?? seen;
        const status = payment.status;
        const first = await settlement.firstOrderHash(payment.id);
        const amount = new Intl.NumberFormat('en', { style: 'currency', currency: payment.currency }).format(toAmount(payment.amountCents));
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(page({ hash, amount, status, returnTo: `/checkout/return/${first ?? ''}` }));
      },
    );

    app.post(
      '/test-gateway/:hash/start',
      {
        schema: {
          operationId: 'startTestPayment',
          summary: "Where the test gateway's FORM mode posts: redirects to its page",
          tags: ['payments'],
          security: access.public,
          hide: true,
          params,
          response: { 303: bodilessResponse('To the test payment page'), ...refusalResponses },
        },
      },
      async (request, reply) => {
        const { hash } = request.params;
        const payment = await settlement.findPayment(hash);
        if (!payment || payment.gateway !== 'test') throw notFound('No such payment');
        return reply.header('cache-control', 'no-store').redirect(testGatewayPage(hash), 303);
      },
    );

    app.post(
      '/test-gateway/:hash/:action',
      {
        schema: {
          operationId: 'settleTestPayment',
          summary: "The test payment page's buttons: settle, then redirect to the shop",
          tags: ['payments'],
          security: access.public,
          hide: true,
          params: actionParams,
          response: { 303: bodilessResponse('To /checkout/return/{first order hash}'), ...refusalResponses },
        },
      },
      async (request, reply) => {
        const { hash, action } = request.params;
        // This gateway settles its own payments only: another gateway's is unknown here (404).
        // Pay on a checkout given up (cancelled, failed) is refused: no money arrived, the tester chose it (409 ORDER_NOT_PAYABLE).
        const own = { gateway: 'test', payableOnly: true };
        // Given up: an unpaid checkout whose holds lapsed is expired first, so it is not reported as failed or cancelled.
        if (action !== 'pay') await settlement.expireIfLapsed(hash, own);
        const result = await settlement.settle(hash, OUTCOME[action], { key: `test-gateway:${action}`, payload: { action } }, own);
        if (!result) throw notFound('No such payment');
        const [first] = result.orders;
        return reply.header('cache-control', 'no-store').redirect(`/checkout/return/${first?.hash ?? ''}`, 303);
      },
    );
  };
