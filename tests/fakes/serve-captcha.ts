/**
 * The fake reCAPTCHA verify endpoint as a process, for Playwright's webServer (the `security` project):
 *   node node_modules/tsx/dist/cli.mjs tests/fakes/serve-captcha.ts --port 4314 --secret <CAPTCHA_SECRET>
 * Health: GET /health. A test gets a valid token with POST /tokens.
 */
import { parseArgs } from 'node:util';
import { startFakeCaptchaVerify } from './captcha-verify.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4314' },
    host: { type: 'string', default: '127.0.0.1' },
    secret: { type: 'string' },
  },
});
const secret = values.secret ?? process.env.CAPTCHA_SECRET;
if (!secret) {
  console.error('serve-captcha: pass --secret (or set CAPTCHA_SECRET)');
  process.exit(2);
}

const fake = await startFakeCaptchaVerify({ port: Number(values.port), host: values.host, secret });
console.log(`fake captcha verify on ${fake.verifyUrl}`);

const stop = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
