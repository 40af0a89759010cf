/**
 * The wallets' settings (server/wallet-config.ts through loadConfig): each wallet on only with all its
 * settings, checked at start (a key that is not the certificate's, a certificate the WWDR certificate
 * did not issue, a partial configuration stop the start), files given by path, base64 or as text.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { makeTestPassChain, makeTestServiceAccount, TEST_PASS_TYPE_ID, type TestPassChain } from './helpers/wallet-certificates.ts';

let chain: TestPassChain;
const account = makeTestServiceAccount();
const base64 = (file: string) => readFileSync(file).toString('base64');

beforeAll(() => {
  chain = makeTestPassChain();
}, 180_000);

afterAll(() => {
  if (chain) rmSync(chain.dir, { recursive: true, force: true });
});

describe('Apple Wallet settings', () => {
  it('are off when none is set', () => {
    expect(loadConfig({}).wallets).toEqual({ apple: null, google: null });
  });

  it('take the certificate, key and WWDR certificate by path, in base64 or as PEM text with \\n for line breaks', () => {
    const byPath = loadConfig(chain.env).wallets.apple;
    expect(byPath).toMatchObject({ passTypeId: TEST_PASS_TYPE_ID, teamId: 'ABCDE12345' });
    expect(byPath?.keyPem).toContain('-----BEGIN PRIVATE KEY-----');
    const inBase64 = loadConfig({
      ...chain.env,
      APPLE_WALLET_CERTIFICATE: base64(chain.certificateFile),
      APPLE_WALLET_KEY: base64(chain.keyFile),
      APPLE_WALLET_WWDR_CERTIFICATE: base64(chain.wwdrFile),
    }).wallets.apple;
    expect(inBase64).toEqual(byPath);
    const asText = loadConfig({ ...chain.env, APPLE_WALLET_CERTIFICATE: readFileSync(chain.certificateFile, 'utf8').replace(/\n/g, '\\n') }).wallets.apple;
    expect(asText).toEqual(byPath);
  });

  it('stop the start when only some are set, naming the missing ones', () => {
    const { APPLE_WALLET_KEY: _key, ...withoutKey } = chain.env;
    expect(() => loadConfig(withoutKey)).toThrow(/Apple Wallet needs APPLE_WALLET_KEY too/);
    expect(() => loadConfig({ APPLE_WALLET_TEAM_ID: 'ABCDE12345' })).toThrow(/APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_CERTIFICATE/);
  });

  it('stop the start for a key that is not the certificate’s, a certificate the WWDR one did not issue, or a malformed id', () => {
    expect(() => loadConfig({ ...chain.env, APPLE_WALLET_KEY: join(chain.dir, 'wwdr.key') })).toThrow(
      /APPLE_WALLET_KEY is not the key of APPLE_WALLET_CERTIFICATE/,
    );
    expect(() => loadConfig({ ...chain.env, APPLE_WALLET_WWDR_CERTIFICATE: chain.rootFile })).toThrow(/was not issued by APPLE_WALLET_WWDR_CERTIFICATE/);
    expect(() => loadConfig({ ...chain.env, APPLE_WALLET_CERTIFICATE: 'not a certificate' })).toThrow(/APPLE_WALLET_CERTIFICATE must be/);
    expect(() => loadConfig({ ...chain.env, APPLE_WALLET_TEAM_ID: 'team' })).toThrow(/APPLE_WALLET_TEAM_ID/);
    expect(() => loadConfig({ ...chain.env, APPLE_WALLET_PASS_TYPE_ID: 'com.example' })).toThrow(/APPLE_WALLET_PASS_TYPE_ID/);
  });

  it('open an encrypted key with APPLE_WALLET_KEY_PASSPHRASE, and refuse it without', () => {
    const encrypted = join(chain.dir, 'pass-encrypted.key');
    execFileSync('openssl', ['pkey', '-in', chain.keyFile, '-aes256', '-passout', 'pass:wallet-secret', '-out', encrypted], { stdio: 'pipe' });
    const env = { ...chain.env, APPLE_WALLET_KEY: encrypted };
    expect(() => loadConfig(env)).toThrow(/APPLE_WALLET_KEY_PASSPHRASE/);
    expect(loadConfig({ ...env, APPLE_WALLET_KEY_PASSPHRASE: 'wallet-secret' }).wallets.apple?.keyPem).toBe(loadConfig(chain.env).wallets.apple?.keyPem);
  });
});

describe('Google Wallet settings', () => {
  it('take the service account’s JSON key by path, in base64 or as the JSON', () => {
    const file = join(chain.dir, 'service-account.json');
    writeFileSync(file, account.json);
    const byPath = loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222222', GOOGLE_WALLET_SERVICE_ACCOUNT: file }).wallets.google;
    expect(byPath).toMatchObject({ issuerId: '3388000000022222222', serviceAccountEmail: account.email });
    expect(loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222222', GOOGLE_WALLET_SERVICE_ACCOUNT: base64(file) }).wallets.google).toEqual(byPath);
    expect(loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222222', GOOGLE_WALLET_SERVICE_ACCOUNT: account.json }).wallets.google).toEqual(byPath);
  });

  it('stop the start when partial, or when the key file has no key', () => {
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222222' })).toThrow(/Google Wallet needs GOOGLE_WALLET_SERVICE_ACCOUNT too/);
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000022222222', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email":"a@b.c"}' })).toThrow(
      /no client_email and private_key/,
    );
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: 'issuer', GOOGLE_WALLET_SERVICE_ACCOUNT: account.json })).toThrow(/GOOGLE_WALLET_ISSUER_ID/);
  });
});
