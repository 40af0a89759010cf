/**
 * The one HTTP client of the storefront. It sends the session cookie and the interface language,
 * and turns every failure into an `ApiError` with the server's upper-case code (or none).
 *
 * Written on `fetch` rather than a library: the first page downloads it, and a dozen lines of our
 * own cost far less than an HTTP library's (axios was ~14 KiB gzip of the home page's script).
 */
import type { ApiErrorBody } from '../domain/errors.ts';
import { config } from './config.ts';

/** A request that has not answered by then fails as a network error would. */
const TIMEOUT_MS = 20_000;

export interface RequestOptions {
  /** Query parameters, already flat (see `buildPlotQuery`). */
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface ApiAnswer<T> {
  data: T;
  status: number;
}

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

function requestUrl(path: string, params: Record<string, string> | undefined): string {
  // Absolute against the page, so a relative API base works wherever the shop is served from.
  const url = new URL(`${config.apiBase}${path}`, globalThis.location?.href ?? 'http://localhost/');
  for (const [key, value] of Object.entries(params ?? {})) url.searchParams.append(key, value);
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A request may name its language (see `inLanguage`); otherwise it goes in the interface language.
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept-language')) headers['Accept-Language'] = currentLanguage;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(requestUrl(path, options.params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(null, null, error instanceof Error ? error.message : 'Network Error');
  }
  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    throw new ApiError(null, response.status, error instanceof Error ? error.message : 'Network Error');
  }
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(data.error, response.status, data.message, data.error_info ?? null, data.fields ?? {});
    throw new ApiError(null, response.status, `Request failed with status code ${response.status}`);
  }
  return { data: data as T, status: response.status };
}

export const apiClient = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
