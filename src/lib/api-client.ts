/**
 * The one HTTP client of the storefront (and of the back office, src/backoffice/api/client.ts). It sends
 * the session cookie and the interface language, and turns every failure into an `ApiError` with the
 * server's upper-case code (or none).
 *
 * `apiClient` is the design card's axios, configured in http-client.ts and loaded with the first call
 * that needs it, so a page's first view never waits for it. The reads a page needs before it can first
 * show (`readJson`: the start-up reads of spec section 1, and a product page's product and upsells) are
 * plain GETs of JSON; they go through the browser's fetch with the same cookie, headers, timeout and
 * `ApiError`s (tests/components/lib/api-client.test.tsx holds both paths to the same answers).
 */
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ApiErrorBody } from '#domain/errors.ts';
import { config } from './config.ts';

/** Every request gives up after this long (axios' `timeout`, fetch's abort signal). */
const REQUEST_TIMEOUT_MS = 20_000;

let currentLanguage = 'en';
/** Called by the i18n setup whenever the visitor switches language. */
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

/**
 * Request options that fetch in a given language. Language-keyed queries pass their key's language,
 * so data fetched ahead of a language switch (app/language-switcher) is cached under the right key.
 */
export function inLanguage(language: string | undefined): { headers?: Record<string, string> } {
  return language ? { headers: { 'Accept-Language': language } } : {};
}

export class ApiError extends Error {
  constructor(
    /** The server's upper-case code; null when the request failed without one (network, 5xx proxy page). */
    readonly code: string | null,
    readonly status: number | null,
    message: string,
    readonly errorInfo: string | null = null,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isErrorBody(data: unknown): data is ApiErrorBody {
  return typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).error === 'string';
}

/** The `ApiError` of a failed answer: the server's code when its body has one, else none. */
function apiErrorOf(status: number | null, data: unknown, message: string): ApiError {
  if (isErrorBody(data)) return new ApiError(data.error, status, data.message, data.error_info ?? null, data.fields ?? {});
  return new ApiError(null, status, message);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type RequestInterceptor = (request: InternalAxiosRequestConfig) => InternalAxiosRequestConfig;
const requestInterceptors: RequestInterceptor[] = [];
let instance: AxiosInstance | null = null;
let loading: Promise<AxiosInstance> | null = null;

/** The axios instance, loaded once; a load that failed (a dropped connection) is tried again by the next call. */
export function loadHttpClient(): Promise<AxiosInstance> {
  loading ??= import('./http-client.ts').then(
    (module) =>
      (instance = module.createHttpClient({ language: () => currentLanguage, timeout: REQUEST_TIMEOUT_MS, errorOf: apiErrorOf, requestInterceptors })),
    (error: unknown) => {
      loading = null;
      throw new ApiError(null, null, error instanceof Error ? error.message : 'The API client could not be loaded');
    },
  );
  return loading;
}

/** The axios calls the shop makes, each waiting for the client on its first use. */
export const apiClient = {
  get: <T = unknown>(url: string, options?: AxiosRequestConfig): Promise<AxiosResponse<T>> => loadHttpClient().then((http) => http.get<T>(url, options)),
  delete: <T = unknown>(url: string, options?: AxiosRequestConfig): Promise<AxiosResponse<T>> => loadHttpClient().then((http) => http.delete<T>(url, options)),
  post: <T = unknown>(url: string, data?: unknown, options?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    loadHttpClient().then((http) => http.post<T>(url, data, options)),
  patch: <T = unknown>(url: string, data?: unknown, options?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    loadHttpClient().then((http) => http.patch<T>(url, data, options)),
  put: <T = unknown>(url: string, data?: unknown, options?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    loadHttpClient().then((http) => http.put<T>(url, data, options)),
  request: <T = unknown>(options: AxiosRequestConfig): Promise<AxiosResponse<T>> => loadHttpClient().then((http) => http.request<T>(options)),
  interceptors: {
    request: {
      /** Runs on every request of the client, whether it has loaded yet or not. */
      use(interceptor: RequestInterceptor): void {
        requestInterceptors.push(interceptor);
        instance?.interceptors.request.use(interceptor);
      },
    },
  },
};

/**
 * A GET of JSON a page needs before it first shows (see above), answered as `apiClient.get` answers: the
 * parsed JSON, or an `ApiError` (the server's code, or none for a network failure, a timeout or a page that
 * is not JSON). `language` as `inLanguage` gives it; otherwise the interface language.
 */
export async function readJson<T>(path: string, language?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'Accept-Language': language ?? currentLanguage },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(null, null, error instanceof Error ? error.message : 'Network Error');
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): kept as text, as axios keeps it.
  }
  if (!response.ok) throw apiErrorOf(response.status, data, `Request failed with status code ${response.status}`);
  return data as T;
}
