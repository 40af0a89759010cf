/**
 * The visitor-facing text of an API failure, as `lib/error-message.ts` reads it (spec section 8):
 * `errors.<code in lower case>` or "Unexpected error" by default, other fallbacks or the server's
 * `error_info` where the screen's `reading` says so. The `errors` translations load only when a
 * failure is shown, behind their own Suspense boundary, so no page pays for them up front and no
 * page flashes while they load.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type ErrorReading } from '../lib/error-message.ts';

function ErrorText({ error, reading }: { error: unknown; reading: ErrorReading }) {
  const { t } = useTranslation('errors');
  return <>{errorText(t, error, reading)}</>;
}

export function ApiErrorText({ error, reading = 'default' }: { error: unknown; reading?: ErrorReading }) {
  return (
    <Suspense fallback={null}>
      <ErrorText error={error} reading={reading} />
    </Suspense>
  );
}
