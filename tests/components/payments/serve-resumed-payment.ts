/** msw: GET /api/payment/{hash} answers a REDIRECT payment to `url`; the hashes asked for are recorded. */
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server.ts';

export function serveResumedPayment(url: string): string[] {
  const asked: string[] = [];
  server.use(
    http.get('*/api/payment/:hash', ({ params }) => {
      asked.push(String(params.hash));
      return HttpResponse.json({
        ok: true,
        response: { payment: { gateway: 'test', hash: 'pay_resumed', type: 'REDIRECT', transaction: { response: { url } } } },
      });
    }),
  );
  return asked;
}
