/**
 * A test certificate chain like Apple's, made with the openssl CLI in a temporary directory: a root
 * (the test's trust anchor, standing in for Apple's root), an intermediate standing in for the WWDR
 * certificate, and a Pass Type ID certificate it issued with its RSA key. And a Google service
 * account's JSON key file with a fresh RSA key (node:crypto).
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPassChain {
  dir: string;
  rootFile: string;
  wwdrFile: string;
  certificateFile: string;
  keyFile: string;
  /** The environment that configures Apple Wallet with this chain (files by path). */
  env: Record<string, string>;
}

export const TEST_PASS_TYPE_ID = 'pass.example.tidewater.tickets';
export const TEST_TEAM_ID = 'ABCDE12345';

export function makeTestPassChain(): TestPassChain {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-chain-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(at('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  writeFileSync(at('leaf.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n');
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-noenc',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-subj',
    '/CN=Test Root CA',
    '-days',
    '3',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', '-newkey', 'rsa:2048', '-noenc', '-keyout', 'wwdr.key', '-out', 'wwdr.csr', '-subj', '/CN=Test Worldwide Developer Relations');
  openssl(
    'x509',
    '-req',
    '-in',
    'wwdr.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-CAcreateserial',
    '-out',
    'wwdr.pem',
    '-days',
    '3',
    '-extfile',
    'ca.ext',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-noenc',
    '-keyout',
    'pass.key',
    '-out',
    'pass.csr',
    '-subj',
    `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}`,
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'pass.csr',
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    'pass.pem',
    '-days',
    '3',
    '-extfile',
    'leaf.ext',
  );
  return {
    dir,
    rootFile: at('root.pem'),
    wwdrFile: at('wwdr.pem'),
    certificateFile: at('pass.pem'),
    keyFile: at('pass.key'),
    env: {
      APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
      APPLE_WALLET_CERTIFICATE: at('pass.pem'),
      APPLE_WALLET_KEY: at('pass.key'),
      APPLE_WALLET_WWDR_CERTIFICATE: at('wwdr.pem'),
    },
  };
}

export interface TestServiceAccount {
  json: string;
  email: string;
  publicKeyPem: string;
}

export function makeTestServiceAccount(): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const email = 'wallet-issuer@tidewater-test.iam.gserviceaccount.com';
  return {
    email,
    json: JSON.stringify({ type: 'service_account', client_email: email, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) }),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
