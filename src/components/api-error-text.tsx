/**
 * The visitor-facing text of an API failure: `errors.<code in lower case>`, or "Unexpected error"
 * (spec section 8). The `errors` translations load only when a failure is shown, behind their own
 * Suspense boundary, so no page pays for them up front and no page flashes while they load.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKeys } from '../lib/error-message.ts';

function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  return <>{t(errorMessageKeys(error))}</>;
}

export function ApiErrorText({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <ErrorText error={error} />
    </Suspense>
  );
}
