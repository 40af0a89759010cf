/**
 * AWS Signature Version 4 as the backup's S3 client signs (server/modules/backup/s3-client.ts), checked
 * against the examples AWS publishes for S3 ("Signature calculations for the Authorization header:
 * transferring payload in a single chunk"), with their example credentials.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, signatureV4, uriEncode } from '../../../server/modules/backup/s3-client.ts';

const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const headers = (extra: Record<string, string> = {}) => ({
  host: 'examplebucket.s3.amazonaws.com',
  'x-amz-date': '20130524T000000Z',
  'x-amz-content-sha256': EMPTY_SHA256,
  ...extra,
});

describe('signatureV4', () => {
  it("signs AWS's GET Object example", () => {
    const authorization = signatureV4(
      { method: 'GET', path: '/test.txt', query: {}, headers: headers({ range: 'bytes=0-9' }), payloadHash: EMPTY_SHA256 },
      credentials,
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it("signs AWS's GET Bucket (list objects) example, its query sorted and encoded", () => {
    const authorization = signatureV4(
      { method: 'GET', path: '/', query: { prefix: 'J', 'max-keys': '2' }, headers: headers(), payloadHash: EMPTY_SHA256 },
      credentials,
    );
    expect(authorization).toMatch(/Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7$/);
  });

  it('encodes a key as S3 canonicalises it', () => {
    expect(uriEncode('/shop backups/a+b~c_d.e-f', true)).toBe('/shop%20backups/a%2Bb~c_d.e-f');
    expect(uriEncode('a/b=c', false)).toBe('a%2Fb%3Dc');
  });
});
