/**
 * The captcha modal's dialog (see captcha-modal.tsx): the organisation's reCAPTCHA v2 checkbox,
 * whose library (react-google-recaptcha, which then loads Google's script) is fetched only when the
 * dialog first renders.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal.tsx';
import { Spinner } from '../spinner.tsx';
import './captcha.css';

const ReCAPTCHA = lazy(() => import('react-google-recaptcha'));

export interface CaptchaModalProps {
  open: boolean;
  /** The organisation's `security.captcha_key`. */
  siteKey: string;
  onVerified(token: string): void;
  onClose(): void;
}

export function CaptchaDialog({ siteKey, onVerified, onClose }: CaptchaModalProps) {
  const { t, i18n } = useTranslation('captcha');
  const [scriptFailed, setScriptFailed] = useState(false);
  return (
    <Modal open onClose={onClose} title={t('title')}>
      <p>{t('intro')}</p>
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <ReCAPTCHA
          className="captcha__widget"
          sitekey={siteKey}
          hl={i18n.language}
          onChange={(token) => {
            if (token) onVerified(token);
          }}
          // Google's script could not be fetched (offline, blocked): say so instead of an empty box.
          asyncScriptOnLoad={() => setScriptFailed(typeof (window as { grecaptcha?: unknown }).grecaptcha === 'undefined')}
          onErrored={() => setScriptFailed(true)}
        />
      </Suspense>
      {scriptFailed ? <p role="alert">{t('unavailable')}</p> : null}
      <p className="text-small text-muted">{t('retryHint')}</p>
    </Modal>
  );
}
