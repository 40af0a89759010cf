/**
 * The axios instance behind `apiClient` (api-client.ts), in a chunk of its own: loaded with the first
 * call that needs it, never by the shop's first page. api-client.ts gives it what it shares with the
 * fetch reads (the language, the timeout, the error rule), so both answer alike.
 */
import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { config } from './config.ts';

export interface HttpClientSettings {
  /** The interface language, for a request that names none. */
  language: () => string;
  timeout: number;
  /** The one error of a failed answer (api-client.ts `apiErrorOf`). */
  errorOf: (status: number | null, data: unknown, message: string) => Error;
  /** Added by the back office before or after the client loaded (its CSRF header). */
  requestInterceptors: readonly ((request: InternalAxiosRequestConfig) => InternalAxiosRequestConfig)[];
}

export function createHttpClient({ language, timeout, errorOf, requestInterceptors }: HttpClientSettings): AxiosInstance {
  const client = axios.create({
    baseURL: config.apiBase,
    withCredentials: true,
    headers: { Accept: 'application/json' },
    timeout,
  });
  client.interceptors.request.use((request) => {
    // A request may name its language (see `inLanguage`); otherwise it goes in the interface language.
    if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', language());
    return request;
  });
  for (const interceptor of requestInterceptors) client.interceptors.request.use(interceptor);
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError) return Promise.reject(errorOf(error.response?.status ?? null, error.response?.data, error.message));
    return Promise.reject(error);
  });
  return client;
}
