// The organisation's own site in the embed journeys (e2e/embed.embed.spec.ts): static pages on other
// origins than the shop's, each loading the shop's embed.js. Listens on every port given (--port, more
// than once): one origin the shop allows (FRAME_ANCESTORS), one it does not.
//   node e2e/serve-embedding-site.mjs --shop http://127.0.0.1:4307 --port 4308 --port 4309
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { shop: { type: 'string' }, port: { type: 'string', multiple: true } } });
const shop = values.shop;
if (!shop || !values.port?.length) throw new Error('serve-embedding-site.mjs needs --shop and at least one --port');

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Tidewater Zoo — visit us</title>
    <script src="${shop}/embed.js" async></script>
  </head>
  <body>
    <h1>Visit the zoo</h1>
    <p>Buy your guidebook here, without leaving our site.</p>
    <div data-shop-product="3" data-shop-title="Buy the zoo guidebook"></div>
    <p><button type="button" data-shop-open data-shop-calendar>Open the calendar</button></p>
    <p>The end of the page.</p>
  </body>
</html>`;

for (const port of values.port) {
  createServer((request, response) => {
    if (request.url === '/health') return response.end('ok');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page);
  }).listen(Number(port), '127.0.0.1');
}
