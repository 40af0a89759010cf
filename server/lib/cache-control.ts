/** Cache lifetimes of the read endpoints, and the back office's. */
import type { FastifyReply } from 'fastify';

/** Catalogue texts change rarely and are the same for every visitor: a minute of staleness is fine. */
export const PUBLIC_CACHE = 'public, max-age=60';
/** Availability changes with every sale and hold: never reuse an answer. */
export const NO_STORE = 'no-store';
/** The back office's answers: one staff member's, never kept by a browser or a proxy. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The onRequest hook of a back-office route plugin: every answer PRIVATE_NO_STORE. */
export async function answerPrivateNoStore(_request: unknown, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', PRIVATE_NO_STORE);
}
