/**
 * The wallet passes' settings (docs/operations.md#wallet-passes), read by config.ts. Each wallet is on
 * only when ALL of its settings are given and check out at start; none given: that wallet is off (its
 * buttons absent, its routes 404 WALLET_NOT_CONFIGURED); some but not all: the shop refuses to start.
 *
 * A certificate or key is given as a PEM file's path, its contents in base64, or the PEM text itself:
 *   APPLE_WALLET_PASS_TYPE_ID      pass.com.example.tickets (the Pass Type ID of the certificate)
 *   APPLE_WALLET_TEAM_ID           the Apple developer team's 10-character id
 *   APPLE_WALLET_CERTIFICATE       the Pass Type ID certificate (PEM)
 *   APPLE_WALLET_KEY               its private key (PEM, RSA); APPLE_WALLET_KEY_PASSPHRASE when encrypted
 *   APPLE_WALLET_WWDR_CERTIFICATE  Apple's WWDR intermediate certificate (PEM) that issued it
 *   GOOGLE_WALLET_ISSUER_ID        the Google Wallet issuer id (digits)
 *   GOOGLE_WALLET_SERVICE_ACCOUNT  the service account's JSON key file (path, base64 or the JSON)
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

export interface AppleWalletSettings {
  passTypeId: string;
  teamId: string;
  certificatePem: string;
  /** The private key, decrypted, as PKCS #8 PEM. */
  keyPem: string;
  wwdrPem: string;
}

export interface GoogleWalletSettings {
  issuerId: string;
  serviceAccountEmail: string;
  /** The service account's RSA private key (PKCS #8 PEM). */
  privateKeyPem: string;
}

type Env = Record<string, string | undefined>;

const APPLE = ['APPLE_WALLET_PASS_TYPE_ID', 'APPLE_WALLET_TEAM_ID', 'APPLE_WALLET_CERTIFICATE', 'APPLE_WALLET_KEY', 'APPLE_WALLET_WWDR_CERTIFICATE'] as const;
const GOOGLE = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const;

/** The settings of one wallet: null when none is set, all of them when all are; anything between stops the start. */
function allOrNone<const K extends string>(env: Env, names: readonly K[], wallet: string): Record<K, string> | null {
  const given = names.filter((name) => env[name]?.trim());
  if (given.length === 0) return null;
  const missing = names.filter((name) => !given.includes(name));
  if (missing.length > 0) throw new Error(`${wallet} needs ${missing.join(', ')} too (or none of ${names.join(', ')}: ${wallet} off)`);
  return Object.fromEntries(names.map((name) => [name, (env[name] as string).trim()])) as Record<K, string>;
}

/** A file's contents given as its path, in base64, or as the text itself; `looksRight` tells the contents apart. */
function fileSetting(name: string, raw: string, looksRight: (text: string) => boolean): string {
  if (looksRight(raw)) return raw;
  if (existsSync(raw)) return readFileSync(raw, 'utf8');
  const decoded = Buffer.from(raw, 'base64').toString('utf8');
  if (looksRight(decoded)) return decoded;
  throw new Error(`${name} must be a file's path, its contents in base64, or the contents themselves`);
}

const isPem = (text: string) => text.trimStart().startsWith('-----BEGIN ');
/** A PEM given in the variable itself, its line breaks written as `\n` (one line in an env file). */
const pemSetting = (name: string, raw: string) => fileSetting(name, raw, isPem).replace(/\\n/g, '\n');

export function appleWalletSettings(env: Env): AppleWalletSettings | null {
  const set = allOrNone(env, APPLE, 'Apple Wallet');
  if (!set) return null;
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(set.APPLE_WALLET_PASS_TYPE_ID))
    throw new Error('APPLE_WALLET_PASS_TYPE_ID must be a Pass Type ID (pass.com.example.tickets)');
  if (!/^[A-Z0-9]{10}$/.test(set.APPLE_WALLET_TEAM_ID)) throw new Error('APPLE_WALLET_TEAM_ID must be the 10-character team id');
  const certificatePem = pemSetting('APPLE_WALLET_CERTIFICATE', set.APPLE_WALLET_CERTIFICATE);
  const wwdrPem = pemSetting('APPLE_WALLET_WWDR_CERTIFICATE', set.APPLE_WALLET_WWDR_CERTIFICATE);
  const keyText = pemSetting('APPLE_WALLET_KEY', set.APPLE_WALLET_KEY);
  let certificate: X509Certificate;
  let wwdr: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
    wwdr = new X509Certificate(wwdrPem);
  } catch {
    throw new Error('APPLE_WALLET_CERTIFICATE and APPLE_WALLET_WWDR_CERTIFICATE must be PEM certificates');
  }
  let key;
  try {
    key = createPrivateKey({ key: keyText, passphrase: env.APPLE_WALLET_KEY_PASSPHRASE ?? '' });
  } catch {
    throw new Error('APPLE_WALLET_KEY must be a PEM private key (APPLE_WALLET_KEY_PASSPHRASE when it is encrypted)');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error('APPLE_WALLET_KEY must be an RSA key (as Apple issues them)');
  if (!certificate.checkPrivateKey(key)) throw new Error('APPLE_WALLET_KEY is not the key of APPLE_WALLET_CERTIFICATE');
  if (!certificate.checkIssued(wwdr)) throw new Error('APPLE_WALLET_CERTIFICATE was not issued by APPLE_WALLET_WWDR_CERTIFICATE');
  return {
    passTypeId: set.APPLE_WALLET_PASS_TYPE_ID,
    teamId: set.APPLE_WALLET_TEAM_ID,
    certificatePem,
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    wwdrPem,
  };
}

export function googleWalletSettings(env: Env): GoogleWalletSettings | null {
  const set = allOrNone(env, GOOGLE, 'Google Wallet');
  if (!set) return null;
  if (!/^\d{6,25}$/.test(set.GOOGLE_WALLET_ISSUER_ID)) throw new Error('GOOGLE_WALLET_ISSUER_ID must be the issuer id (digits)');
  const json = fileSetting('GOOGLE_WALLET_SERVICE_ACCOUNT', set.GOOGLE_WALLET_SERVICE_ACCOUNT, (text) => text.trimStart().startsWith('{'));
  let account: { client_email?: unknown; private_key?: unknown };
  try {
    account = JSON.parse(json) as typeof account;
  } catch {
    throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT must be the service account’s JSON key file');
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string')
    throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT has no client_email and private_key');
  let key;
  try {
    key = createPrivateKey(account.private_key);
  } catch {
    throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT’s private_key is not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT’s private_key must be an RSA key');
  return {
    issuerId: set.GOOGLE_WALLET_ISSUER_ID,
    serviceAccountEmail: account.client_email,
    privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
