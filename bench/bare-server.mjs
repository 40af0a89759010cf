/**
 * The yardstick of bench/reads.mjs: a bare `node:http` server answering, from memory, the exact
 * bytes and headers the API answered once. Forked by the bench; it sends
 * `{ port, answers: { [path]: { status, headers, body (base64) } } }` over IPC, the server answers
 * `{ listening: true }` and serves until it is sent 'stop' (or its parent goes away).
 */
import { createServer } from 'node:http';

process.once('message', ({ port, answers }) => {
  // The body as a string of the same bytes, as Fastify sends a serialized answer: Node then writes
  // head and body in one write (a Buffer body goes in a second one). Headers prepared once.
  const byPath = new Map(
    Object.entries(answers).map(([path, answer]) => {
      const bytes = Buffer.from(answer.body, 'base64');
      return [path, { status: answer.status, headers: { ...answer.headers, 'content-length': bytes.length }, body: bytes.toString('utf8') }];
    }),
  );
  const server = createServer((request, response) => {
    const answer = byPath.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(port, '127.0.0.1', () => process.send({ listening: true }));
  const stop = () => server.close(() => process.exit(0)) && server.closeAllConnections();
  process.on('message', (message) => message === 'stop' && stop());
  process.on('disconnect', stop);
});
