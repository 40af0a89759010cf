/**
 * The few calls of the S3 API a backup needs (PUT, GET, DELETE of an object, ListObjectsV2), signed
 * with AWS Signature Version 4 (node:crypto) and sent with fetch, to AWS or any S3-compatible service
 * (MinIO, Ceph, Cloudflare R2, Backblaze B2, Scaleway, …) at path-style addresses
 * (`<endpoint>/<bucket>/<key>`). The body's SHA-256 is signed too, so the service refuses a body that
 * changed on the way.
 */
import { createHash, createHmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { BackupS3Settings } from '../../config.ts';

export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** RFC 3986 percent-encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ (and `/` in a path). */
export function uriEncode(text: string, keepSlash: boolean): string {
  return Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) return char;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface SignableRequest {
  method: string;
  /** The URL's path, not yet encoded. */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case; host, x-amz-date and x-amz-content-sha256 among them. */
  headers: Record<string, string>;
  payloadHash: string;
}

/** The Authorization header of a request (the headers it lists are all signed). */
export function signatureV4(request: SignableRequest, credentials: { accessKeyId: string; secretAccessKey: string; region: string }): string {
  const amzDate = request.headers['x-amz-date'] as string;
  const day = amzDate.slice(0, 8);
  const names = Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((name) => `${name}:${(request.headers[name] as string).trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalQuery = Object.entries(request.query)
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [request.method, uriEncode(request.path, true), canonicalQuery, canonicalHeaders, names.join(';'), request.payloadHash].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

export interface S3Object {
  key: string;
  size: number;
}

/** A refused S3 call, with the service's own code (SignatureDoesNotMatch, NoSuchBucket, …). */
export class S3Error extends Error {
  override name = 'S3Error';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlText = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-f]+));/gi, (_, name: string, decimal?: string, hex?: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[name.toLowerCase()] ?? '';
  });
const xmlField = (xml: string, field: string) => {
  const match = new RegExp(`<${field}>([\\s\\S]*?)</${field}>`).exec(xml);
  return match ? xmlText(match[1] as string) : undefined;
};

export function createS3Client(settings: BackupS3Settings, now: () => Date = () => new Date()) {
  const base = new URL(settings.endpoint);
  const basePath = base.pathname.replace(/\/$/, '');

  async function send(
    method: string,
    key: string | null,
    options: { query?: Record<string, string>; body?: { hash: string; size: number; stream: () => Readable } } = {},
  ) {
    const path = `${basePath}/${settings.bucket}${key === null ? '' : `/${key}`}`;
    const query = options.query ?? {};
    const amzDate = now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-date': amzDate,
      'x-amz-content-sha256': options.body?.hash ?? EMPTY_SHA256,
    };
    const authorization = signatureV4({ method, path, query, headers, payloadHash: headers['x-amz-content-sha256'] as string }, settings);
    const search = Object.entries(query)
      .map(([name, value]) => `${uriEncode(name, false)}=${uriEncode(value, false)}`)
      .join('&');
    const target = `${base.protocol}//${base.host}${uriEncode(path, true)}${search ? `?${search}` : ''}`;
    const { host: _host, ...sent } = headers;
    const init: RequestInit & { duplex?: 'half' } = { method, headers: { ...sent, authorization } };
    if (options.body) {
      init.headers = { ...init.headers, 'content-length': String(options.body.size) };
      init.body = Readable.toWeb(options.body.stream()) as unknown as ReadableStream;
      init.duplex = 'half';
    }
    const response = await fetch(target, init);
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const code = xmlField(text, 'Code') ?? `HTTP${response.status}`;
      const message = xmlField(text, 'Message') ?? response.statusText;
      throw new S3Error(response.status, code, `S3 ${method} ${key ?? settings.bucket} was refused: ${response.status} ${code}: ${message}`);
    }
    return response;
  }

  const objectKey = (name: string) => `${settings.prefix}${name}`;

  return {
    /** Uploads a file as `prefix + name`. */
    async put(name: string, file: string): Promise<void> {
      const hash = createHash('sha256');
      await pipeline(createReadStream(file), hash);
      const { size } = await stat(file);
      await send('PUT', objectKey(name), { body: { hash: hash.digest('hex'), size, stream: () => createReadStream(file) } });
    },
    /** Downloads `prefix + name` into a file. */
    async get(name: string, file: string): Promise<void> {
      const response = await send('GET', objectKey(name));
      if (!response.body) throw new S3Error(response.status, 'NoBody', `S3 GET ${objectKey(name)} answered no body`);
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
    },
    async delete(name: string): Promise<void> {
      await send('DELETE', objectKey(name));
    },
    /** Every object under the prefix, by name (the key without the prefix). */
    async list(): Promise<S3Object[]> {
      const found: S3Object[] = [];
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', prefix: settings.prefix };
        if (token) query['continuation-token'] = token;
        const xml = await (await send('GET', null, { query })).text();
        for (const match of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = xmlField(match[1] as string, 'Key') ?? '';
          found.push({ key: key.slice(settings.prefix.length), size: Number(xmlField(match[1] as string, 'Size') ?? 0) });
        }
        token = xmlField(xml, 'IsTruncated') === 'true' ? xmlField(xml, 'NextContinuationToken') : undefined;
      } while (token);
      return found;
    },
  };
}

export type S3Client = ReturnType<typeof createS3Client>;
