/**
 * The yardstick of bench/reads.mjs: a bare `node:http` server answering, from memory, the exact
 * bytes and headers the API answered once. Forked by the bench; it sends
 * `{ port, answers: { [path]: { status, headers, body (base64) } } }` over IPC, the server answers
 * `{ listening: true }` and serves until it is sent 'stop' (or its parent goes away).
 */
import { createServer } from 'node:http';

process.once('message', ({ port, answers }) => {
  const byPath = new Map(
    Object.entries(answers).map(([path, answer]) => [path, { ...answer, body: Buffer.from(answer.body, 'base64') }]),
  );
  const server = createServer((request, response) => {
    const answer = byPath.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(port, '127.0.0.1', () => process.send({ listening: true }));
  const stop = () => server.close(() => process.exit(0)) && server.closeAllConnections();
  process.on('message', (message) => message === 'stop' && stop());
  process.on('disconnect', stop);
});
