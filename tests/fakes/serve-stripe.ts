/**
 * The fake Stripe API (stripe-api.ts) as a process, for Playwright's webServer:
 *   FAKE_STRIPE_PORT=4312 FAKE_STRIPE_WEBHOOK_URL=http://127.0.0.1:4302/api/payments/stripe/webhook \
 *   STRIPE_SECRET_KEY=sk_test_... STRIPE_WEBHOOK_SECRET=whsec_... tsx tests/fakes/serve-stripe.ts
 */
import { startFakeStripe } from './stripe-api.ts';

const fake = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 4312),
  host: process.env.FAKE_STRIPE_HOST ?? '127.0.0.1',
  ...(process.env.FAKE_STRIPE_WEBHOOK_URL ? { webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL } : {}),
  ...(process.env.STRIPE_WEBHOOK_SECRET ? { webhookSecret: process.env.STRIPE_WEBHOOK_SECRET } : {}),
  ...(process.env.STRIPE_SECRET_KEY ? { secretKey: process.env.STRIPE_SECRET_KEY } : {}),
});
console.log(`fake Stripe listening at ${fake.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}
