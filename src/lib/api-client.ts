/**
 * The one HTTP client of the storefront. It sends the session cookie and the interface language,
 * and turns every failure into an `ApiError` with the server's upper-case code (or none).
 */
import axios, { AxiosError } from 'axios';
import type { ApiErrorBody } from '#domain/errors.ts';
import { config } from './config.ts';

export const apiClient = axios.create({
  baseURL: config.apiBase,
  withCredentials: true,
  headers: { Accept: 'application/json' },
  timeout: 20_000,
});

let currentLanguage = 'en';
/** Called by the i18n setup whenever the visitor switches language. */
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}
apiClient.interceptors.request.use((request) => {
  // A request may name its language (see `inLanguage`); otherwise it goes in the interface language.
  if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', currentLanguage);
  return request;
});

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

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    if (isErrorBody(data)) {
      return Promise.reject(new ApiError(data.error, error.response?.status ?? null, data.message, data.error_info ?? null, data.fields ?? {}));
    }
    return Promise.reject(new ApiError(null, error.response?.status ?? null, error.message));
  }
  return Promise.reject(error);
});

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
