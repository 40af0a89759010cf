/**
 * The fake PayPal API as a process, for Playwright's webServer (the `wallet` project):
 *   node node_modules/tsx/dist/cli.mjs tests/fakes/serve-paypal.ts --port 4313 \
 *     --client-id <PAYPAL_CLIENT_ID> --client-secret <PAYPAL_CLIENT_SECRET> --webhook-id <PAYPAL_WEBHOOK_ID> \
 *     [--webhook-url http://127.0.0.1:4303/api/payments/paypal/webhook]
 * Health: GET /health. Test-only hook (what the buyer does in PayPal's popup, called by the e2e's fake
 * PayPal buttons): POST /test/orders/{id}/approve.
 */
import { parseArgs } from 'node:util';
import { startFakePayPal } from './paypal-api.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4313' },
    host: { type: 'string', default: '127.0.0.1' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'webhook-id': { type: 'string' },
    'webhook-url': { type: 'string' },
  },
});

const fake = await startFakePayPal({
  port: Number(values.port),
  host: values.host,
  clientId: values['client-id'] ?? process.env.PAYPAL_CLIENT_ID,
  clientSecret: values['client-secret'] ?? process.env.PAYPAL_CLIENT_SECRET,
  webhookId: values['webhook-id'] ?? process.env.PAYPAL_WEBHOOK_ID,
  webhookUrl: values['webhook-url'],
  testHooks: true,
});
console.log(`fake PayPal API on ${fake.url}`);

const stop = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
