/**
 * A local stand-in for an S3-compatible object store, path-style (`/<bucket>/<key>`): PutObject,
 * GetObject, DeleteObject and ListObjectsV2 (with continuation tokens), objects kept in memory. It
 * checks every request as S3 does: the AWS Signature Version 4 in `Authorization` (recomputed here
 * from the request as received, with this fake's own code), a known access key, `x-amz-date` within 15
 * minutes, and for a PUT that the body's SHA-256 is the signed `x-amz-content-sha256` and its length
 * `Content-Length` (S3 takes no chunked upload without it). Refusals answer S3's XML error codes.
 * Used in process by tests/server/backup-*.test.ts.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  /** The endpoint for BACKUP_S3_ENDPOINT. */
  endpoint: string;
  /** Objects by bucket and key. */
  objects: Map<string, Buffer>;
  /** Every request's method, path and answer status, oldest first. */
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

export interface FakeS3Options {
  buckets: string[];
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Keys per ListObjectsV2 page (S3: 1000); small to make the client follow continuation tokens. */
  pageSize?: number;
  now?: () => Date;
}

/** Percent-encoding as S3 canonicalises it: all but unreserved characters (and `/` in the path). */
function encode(text: string, path: boolean): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    if ((char >= 'A' && char <= 'Z') || (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9') || '-._~'.includes(char) || (path && char === '/'))
      out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function xmlEscape(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function fail(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The signature S3 expects for this request, or a refusal. */
function expectedSignature(
  request: IncomingMessage,
  url: URL,
  options: FakeS3Options,
  now: Date,
): { ok: true; signature: string; given: string } | { ok: false; code: string; message: string } {
  const authorization = request.headers.authorization ?? '';
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!parsed) return { ok: false, code: 'AccessDenied', message: 'Missing or malformed Authorization' };
  const [, accessKeyId, day, region, signedHeaders, given] = parsed as unknown as string[];
  if (accessKeyId !== options.accessKeyId)
    return { ok: false, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  if (region !== options.region)
    return { ok: false, code: 'AuthorizationHeaderMalformed', message: `the region '${region}' is wrong; expecting '${options.region}'` };
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!at || amzDate.slice(0, 8) !== day) return { ok: false, code: 'AccessDenied', message: 'x-amz-date is missing or does not match the credential scope' };
  const sent = Date.UTC(Number(at[1]), Number(at[2]) - 1, Number(at[3]), Number(at[4]), Number(at[5]), Number(at[6]));
  if (Math.abs(sent - now.getTime()) > 15 * 60_000)
    return { ok: false, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
  const names = (signedHeaders as string).split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
    if (!names.includes(required)) return { ok: false, code: 'AccessDenied', message: `${required} must be signed` };
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const query = [...url.searchParams.entries()]
    .map(([name, value]) => `${encode(name, false)}=${encode(value, false)}`)
    .sort()
    .join('&');
  const canonical = [
    request.method,
    encode(decodeURIComponent(url.pathname), true),
    query,
    canonicalHeaders,
    signedHeaders,
    request.headers['x-amz-content-sha256'],
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day as string), region as string), 's3'), 'aws4_request');
  return { ok: true, signature: createHmac('sha256', key).update(stringToSign).digest('hex'), given: given as string };
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? 1000;

  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://fake-s3');
      response.on('finish', () => requests.push({ method: request.method ?? '', path: url.pathname, status: response.statusCode }));

      const check = expectedSignature(request, url, options, now());
      if (!check.ok) return fail(response, 403, check.code, check.message);
      if (check.signature.length !== check.given.length || !timingSafeEqual(Buffer.from(check.signature), Buffer.from(check.given)))
        return fail(response, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
      const contentHash = String(request.headers['x-amz-content-sha256']);
      if (contentHash !== 'UNSIGNED-PAYLOAD' && contentHash !== sha256(body))
        return fail(response, 400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");

      const [, bucket = '', ...rest] = decodeURIComponent(url.pathname).split('/');
      const key = rest.join('/');
      if (!options.buckets.includes(bucket)) return fail(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const id = `${bucket}/${key}`;
      if (request.method === 'PUT' && key) {
        if (request.headers['content-length'] === undefined)
          return fail(response, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
        objects.set(id, body);
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      }
      if (request.method === 'GET' && key) {
        const object = objects.get(id);
        if (!object) return fail(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
        return response.end(object);
      }
      if (request.method === 'DELETE' && key) {
        objects.delete(id);
        response.writeHead(204);
        return response.end();
      }
      if (request.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token');
        const keys = [...objects.keys()]
          .filter((name) => name.startsWith(`${bucket}/${prefix}`))
          .map((name) => name.slice(bucket.length + 1))
          .sort()
          .filter((name) => after === null || name > Buffer.from(after, 'base64url').toString('utf8'));
        const page = keys.slice(0, pageSize);
        const truncated = keys.length > page.length;
        const contents = page
          .map((name) => `<Contents><Key>${xmlEscape(name)}</Key><Size>${objects.get(`${bucket}/${name}`)?.length ?? 0}</Size></Contents>`)
          .join('');
        const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1) as string).toString('base64url')}</NextContinuationToken>` : '';
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
        );
      }
      return fail(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    })().catch((error: unknown) => fail(response, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
