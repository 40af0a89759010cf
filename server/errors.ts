/** The one error type of the API: a stable upper-case code, an HTTP status and a message. */
import type { ErrorCode } from '#domain/errors.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details: { errorInfo?: string; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', 404, what);
export const invalidId = () => new AppError('INVALID_ID', 400, 'The id must be a positive whole number');
export const validationFailed = (fields: Record<string, string>, message = 'Some fields are not valid') =>
  new AppError('VALIDATION_FAILED', 400, message, { fields });
