/**
 * What the request log may say about a request: its method, its address with every secret taken out
 * of the query (a sign-in or reset link's `token`, a set-password link's, a renewal's hash), and who
 * asked. A link that signs someone in must never sit in a log file, where whoever reads the logs
 * could follow it.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a secret. */
const SECRET_PARAMETERS = /([?&](?:token|code|secret|key|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/** Fastify's default request serializer, with the address redacted. */
export function safeRequestLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
