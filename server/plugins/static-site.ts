/**
 * Serves the built storefront: hashed assets cached for a year, index.html never cached, and
 * history-mode fallback to index.html for extension-less GETs outside /api. Everything else
 * that matches nothing is a 404 JSON.
 *
 * `vite build` writes a brotli (`.br`) and a gzip (`.gz`) twin beside every compressible file
 * (scripts/vite-precompress.ts); the twin the request's Accept-Encoding prefers is sent as is,
 * with `Vary: Accept-Encoding`, so nothing is compressed per request and the JSON compression
 * (app.ts) leaves these answers alone (they already carry a Content-Encoding).
 */
import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '#domain/errors.ts';

export interface StaticSiteOptions {
  /** The folder `vite build` wrote; null serves the API only. */
  root: string | null;
}

function notFoundBody(request: FastifyRequest): ApiErrorBody {
  return { ok: false, error: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` };
}

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  return !path.startsWith('/api/') && path !== '/api' && extname(path) === '';
}

function isBackofficePath(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return path === '/backoffice' || path.startsWith('/backoffice/');
}

async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const root = options.root ? resolve(options.root) : null;
  const hasSite = root !== null && existsSync(resolve(root, 'index.html'));
  const hasBackoffice = root !== null && existsSync(resolve(root, 'backoffice', 'index.html'));

  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, sentPath) {
        // The file sent may be a compressed twin: its cache rules are those of the original.
        const path = sentPath.replace(/\.(br|gz)$/, '');
        const longLived = path.includes(`${root}/assets/`);
        reply.header('cache-control', longLived ? 'public, max-age=31536000, immutable' : path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasSite && wantsPage(request)) {
      // The back office is its own page (backoffice/index.html) with its own history-mode routes.
      const page = hasBackoffice && isBackofficePath(request) ? 'backoffice/index.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile(page);
    }
    return reply.status(404).send(notFoundBody(request));
  });
}

export default fp(staticSite, { name: 'static-site' });
