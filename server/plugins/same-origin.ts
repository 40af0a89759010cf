/**
 * Cross-site request refusal: every state-changing API call (POST, PUT, PATCH, DELETE under /api)
 * must come from the shop's own pages. The browser says where a request comes from in `Origin`
 * (every current browser sends it on a cross-site POST, whatever the content type), else in
 * `Referer`; a foreign one answers 403 ORIGIN_REFUSED before the session is even looked up, so a
 * form or a `text/plain` fetch on another site cannot act with the visitor's cookie.
 *
 * The shop's own origins: PUBLIC_URL's, and the address the request itself was sent to (its scheme
 * and Host, as Fastify reads them behind a trusted proxy), which covers a shop reached by more
 * than one name and the Vite dev server's proxy. `Origin: null` (a sandboxed frame, a redirect
 * across sites) is foreign.
 *
 * A request with neither header is let through: browsers always send one of them on the calls
 * this guards against, and clients that are not browsers (tests through inject, the gates'
 * check-in, a provider's webhook) carry no cookie a foreign site could borrow. `Sec-Fetch-Site:
 * cross-site` without either header is still refused.
 *
 * What is guarded is decided on the path the router matched (routedPath), so an encoded path
 * (`/%61pi/...`) is guarded exactly as the plain one.
 *
 * Provider webhooks (/api/payments/{provider}/webhook) are exempt: servers call them, and each is
 * verified by its own signature. The test gateway's pages post to themselves (same origin).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROVIDER_WEBHOOK = /^\/api\/payments\/[a-z]+\/webhook(?:\?|$)/;

/** The origin (scheme://host[:port]) of an absolute address; null for anything else. */
export function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Where the request says it comes from: Origin, else the Referer's origin; undefined when it says nothing. */
function claimedOrigin(request: FastifyRequest): string | null | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== '') return origin === 'null' ? null : originOf(origin);
  const referer = request.headers.referer;
  if (referer !== undefined && referer !== '') return originOf(referer);
  return undefined;
}

/**
 * The path as the router reads it: the matched route's own pattern, else the request's path with its
 * percent-encoding decoded (the router decodes it too: `/%61pi/orders` IS `/api/orders`). A path that
 * does not decode is taken as it is (the router refuses it).
 */
function routedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route) return route;
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function sameOrigin(app: FastifyInstance, { config }: { config: Pick<Config, 'publicUrl'> }) {
  const publicOrigin = originOf(config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = routedPath(request);
    if (!path.startsWith('/api/') || PROVIDER_WEBHOOK.test(path)) return;
    const claimed = claimedOrigin(request);
    if (claimed === undefined) {
      if (request.headers['sec-fetch-site'] !== 'cross-site') return;
    } else if (claimed !== null && (claimed === publicOrigin || claimed === originOf(`${request.protocol}://${request.host}`))) {
      return;
    }
    request.log.info({ origin: request.headers.origin, referer: request.headers.referer, url: request.url }, 'cross-site request refused');
    throw new AppError('ORIGIN_REFUSED', 403, 'This request does not come from the shop’s own pages');
  });
}

export default fp(sameOrigin, { name: 'same-origin', dependencies: ['error-handler'] });
