/**
 * The one API client of both apps (src/lib/api-client.ts) and the one error-text rule (src/lib/error-message.ts):
 * every refusal becomes an `ApiError` with the server's upper-case code, status and fields, a failure without
 * a code has none, and the text is `errors.<code in lower case>` or the generic line. The back office's use of
 * the same client (src/backoffice/api/client.ts) adds the staff session's CSRF header to its own state-changing
 * calls only, and reports a session lost elsewhere.
 */
import { createInstance, type TFunction } from 'i18next';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import errors from '../../../locales/en/errors.json';
import { backofficeApi, onSessionLost, setCsrfToken } from '../../../src/backoffice/api/client.ts';
import { apiClient, ApiError, inLanguage, readJson } from '../../../src/lib/api-client.ts';
import { errorText } from '../../../src/lib/error-message.ts';
import { server } from '../msw-server.ts';

let t: TFunction;
beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({ lng: 'en', resources: { en: { errors } }, defaultNS: 'errors', interpolation: { escapeValue: false } });
  t = i18n.t;
});
afterEach(() => setCsrfToken(null));

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const caught = await request.then(
    () => null,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(ApiError);
  return caught as ApiError;
}

describe('the shared API client', () => {
  it('turns a refusal into an ApiError with its code, status, fields and detail, and words it by its code', async () => {
    server.use(
      http.post('*/api/backoffice/sales/coupons', () =>
        HttpResponse.json({ ok: false, error: 'COUPON_CODE_TAKEN', message: 'taken', fields: { code: 'taken' }, error_info: 'SUMMER10' }, { status: 409 }),
      ),
    );
    const error = await failure(backofficeApi.post('/sales/coupons', { code: 'SUMMER10' }));
    expect([error.code, error.status, error.message, error.fields, error.errorInfo]).toEqual([
      'COUPON_CODE_TAKEN',
      409,
      'taken',
      { code: 'taken' },
      'SUMMER10',
    ]);
    expect(errorText(t, error)).toBe(errors.coupon_code_taken);
  });

  it('gives a failure without a code (a proxy page, no network) no code, and words it with the generic line', async () => {
    server.use(
      http.get('*/api/faq', () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })),
      http.get('*/api/organisation', () => HttpResponse.error()),
    );
    const proxied = await failure(apiClient.get('/faq'));
    expect([proxied.code, proxied.status]).toEqual([null, 502]);
    const offline = await failure(apiClient.get('/organisation'));
    expect([offline.code, offline.status]).toEqual([null, null]);
    expect(errorText(t, proxied)).toBe('Unexpected error');
    expect(errorText(t, offline)).toBe('Unexpected error');
  });

  it('words a code the locales do not know yet with the generic line, not the key', async () => {
    server.use(http.get('*/api/faq', () => HttpResponse.json({ ok: false, error: 'SOMETHING_NEW', message: 'new' }, { status: 400 })));
    const error = await failure(apiClient.get('/faq'));
    expect(error.code).toBe('SOMETHING_NEW');
    expect(errorText(t, error)).toBe('Unexpected error');
  });
});

describe('the reads a page needs before it first shows (readJson, through fetch)', () => {
  it('answers as apiClient.get answers: the same data, the same ApiError for a refusal, a proxy page and no network', async () => {
    const seen: { language: string | null; accept: string | null }[] = [];
    let answer: () => Response = () => HttpResponse.json({ questions: [] });
    server.use(
      http.get('*/api/faq', ({ request }) => {
        seen.push({ language: request.headers.get('accept-language'), accept: request.headers.get('accept') });
        return answer();
      }),
    );
    const both = async () => Promise.allSettled([apiClient.get('/faq', inLanguage('nl')).then((response) => response.data), readJson('/faq', 'nl')]);
    const same = async () => {
      const [axiosAnswer, fetchAnswer] = await both();
      if (axiosAnswer.status === 'fulfilled' && fetchAnswer.status === 'fulfilled') return expect(fetchAnswer.value).toEqual(axiosAnswer.value);
      expect([axiosAnswer.status, fetchAnswer.status]).toEqual(['rejected', 'rejected']);
      const [viaAxios, viaFetch] = [(axiosAnswer as PromiseRejectedResult).reason as ApiError, (fetchAnswer as PromiseRejectedResult).reason as ApiError];
      expect(viaFetch).toBeInstanceOf(ApiError);
      expect([viaFetch.code, viaFetch.status, viaFetch.errorInfo, viaFetch.fields, errorText(t, viaFetch)]).toEqual([
        viaAxios.code,
        viaAxios.status,
        viaAxios.errorInfo,
        viaAxios.fields,
        errorText(t, viaAxios),
      ]);
      return viaFetch;
    };

    await same();
    expect(seen).toEqual([
      { language: 'nl', accept: 'application/json' },
      { language: 'nl', accept: 'application/json' },
    ]);
    answer = () => HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'gone', error_info: 'faq', fields: { id: 'unknown' } }, { status: 404 });
    expect((await same())?.code).toBe('NOT_FOUND');
    answer = () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    expect((await same())?.status).toBe(502);
    answer = () => HttpResponse.error();
    expect((await same())?.status).toBeNull();
  });
});

describe("the back office's calls on the shared client", () => {
  it('sends the staff session’s CSRF token on its state-changing calls only, never on a read or a storefront call', async () => {
    const seen: { call: string; csrf: string | null }[] = [];
    const record =
      (call: string) =>
      ({ request }: { request: Request }) => {
        seen.push({ call, csrf: request.headers.get('x-csrf-token') });
        return HttpResponse.json({ ok: true });
      };
    server.use(
      http.get('*/api/backoffice/staff', record('GET /backoffice/staff')),
      http.post('*/api/backoffice/staff', record('POST /backoffice/staff')),
      http.post('*/api/coupon', record('POST /coupon')),
    );
    await backofficeApi.post('/staff', {});
    setCsrfToken('token-1');
    await backofficeApi.get('/staff');
    await backofficeApi.post('/staff', {});
    await apiClient.post('/coupon', {});
    expect(seen).toEqual([
      { call: 'POST /backoffice/staff', csrf: null },
      { call: 'GET /backoffice/staff', csrf: null },
      { call: 'POST /backoffice/staff', csrf: 'token-1' },
      { call: 'POST /coupon', csrf: null },
    ]);
  });

  it('reports a session lost elsewhere (401 STAFF_SESSION_REQUIRED), but not the session query’s own “nobody”', async () => {
    const lost: (string | null)[] = [];
    const stop = onSessionLost((error) => lost.push(error.code));
    const refusal = () => HttpResponse.json({ ok: false, error: 'STAFF_SESSION_REQUIRED', message: 'sign in' }, { status: 401 });
    server.use(http.get('*/api/backoffice/me', refusal), http.get('*/api/backoffice/audit', refusal));
    try {
      expect((await failure(backofficeApi.get('/me'))).status).toBe(401);
      expect(lost).toEqual([]);
      expect((await failure(backofficeApi.get('/audit?page=1'))).code).toBe('STAFF_SESSION_REQUIRED');
      expect(lost).toEqual(['STAFF_SESSION_REQUIRED']);
    } finally {
      stop();
    }
  });
});
