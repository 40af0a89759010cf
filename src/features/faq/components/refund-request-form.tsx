/**
 * The refund request form (spec section 5): checked with `validateRefundRequest` on submit and, per
 * field, once the field was left. An invalid request marks its fields and sends nothing. Past a few
 * requests from one address the shop asks for the captcha: its modal opens (its code loads only
 * then) and the request is sent again with the token.
 */
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { TextArea } from '../../../components/text-area.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { EMPTY_REFUND_REQUEST, validateRefundRequest, type RefundRequest, type RefundRequestField } from '#domain/validation/refund-request.ts';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { CaptchaModal } from '../../../components/captcha/captcha-modal.tsx';
import { useCaptchaRetry } from '../../../components/captcha/use-captcha-retry.ts';
import { useSendRefundRequest } from '../api/send-refund-request.ts';

const FIELDS: readonly { name: RefundRequestField; type?: 'email'; autoComplete?: string; inputMode?: 'decimal' }[] = [
  { name: 'first_name', autoComplete: 'given-name' },
  { name: 'last_name', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'adress', autoComplete: 'street-address' },
  { name: 'order_number', inputMode: 'decimal' },
];

// Which fields are required is the domain rule's business: an empty request tells.
const REQUIRED = validateRefundRequest(EMPTY_REFUND_REQUEST);

export function RefundRequestForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['faq', 'validation']);
  const [values, setValues] = useState<RefundRequest>(EMPTY_REFUND_REQUEST);
  const [touched, setTouched] = useState<ReadonlySet<RefundRequestField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useSendRefundRequest();
  const captcha = useCaptchaRetry(send);
  // The form loads after the modal opened (refund-request-modal.tsx): the first field takes the focus then.
  useEffect(() => {
    const first = formRef.current?.elements.namedItem(FIELDS[0]?.name ?? '');
    if (first instanceof HTMLElement) first.focus();
  }, []);

  function send(request: RefundRequest & { captcha?: string | null }) {
    mutation.mutate(request, { onError: (error) => captcha.challenge(error, request) });
  }

  const problems = validateRefundRequest(values);
  const errorOf = (field: RefundRequestField) => {
    const problem = submitted || touched.has(field) ? problems[field] : undefined;
    return problem ? t(`validation:${problem}`) : null;
  };
  const fieldProps = (name: RefundRequestField) => ({
    name,
    label: t(`refund.fields.${name}`),
    value: values[name],
    required: REQUIRED[name] === 'required',
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => new Set(current).add(name)),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = (Object.keys(EMPTY_REFUND_REQUEST) as RefundRequestField[]).find((field) => problems[field]);
    if (firstInvalid) {
      const control = formRef.current?.elements.namedItem(firstInvalid);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    send(values);
  };

  // Pressing a button must not blur the field first: its error would appear, push the buttons down
  // between mouse down and up, and the click would land beside the button and be lost. The click
  // still fires; the submit shows every error at once (or sends).
  const keepFocusOnPress = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

  if (mutation.isSuccess) {
    return (
      <>
        <Alert tone="success">{t('refund.success')}</Alert>
        {/* The form that held focus is gone: focus the way out, while the status announces the message. */}
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          {t('close')}
        </button>
      </>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="refund-form" aria-busy={mutation.isPending}>
      <CaptchaModal {...captcha.modal} />
      <p>{t('refund.intro')}</p>
      {FIELDS.map(({ name, type, autoComplete, inputMode }) => (
        <TextField key={name} {...fieldProps(name)} type={type} autoComplete={autoComplete} inputMode={inputMode} />
      ))}
      <TextArea {...fieldProps('comment')} />
      {mutation.isError ? (
        <Alert tone="danger">
          <ApiErrorText error={mutation.error} />
        </Alert>
      ) : null}
      <div className="actions refund-form__actions">
        <button type="button" className="button button--secondary" onMouseDown={keepFocusOnPress} onClick={onClose}>
          {t('refund.cancel')}
        </button>
        <button type="submit" className="button button--primary" onMouseDown={keepFocusOnPress} disabled={mutation.isPending}>
          {mutation.isPending ? t('refund.sending') : t('refund.submit')}
        </button>
      </div>
    </form>
  );
}
