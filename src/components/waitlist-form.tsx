/**
 * "Tell me when places come back": on a sold-out slot, or a day whose slots are all full, the
 * visitor leaves an e-mail address (a signed-in client's is filled in), the places wanted and the
 * language they read, and joins the slot's waiting list (POST /api/waitlist).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { TextField } from './text-field.tsx';
import { WAITLIST_MAX_QUANTITY } from '#domain/contracts/waitlist.ts';
import { DEFAULT_LANGUAGE, normaliseLanguage } from '#domain/languages.ts';
import { useClient } from '../lib/api/client.ts';
import { joinWaitlist, waitlistErrorKeys } from '../lib/api/waitlist.ts';

export interface WaitlistFormProps {
  /** The full slots the visitor may wait for, with how each reads. */
  slots: { id: number; label: string }[];
  quantity: number;
  /** Other slots of the day are free: the form opens on request. */
  collapsed?: boolean;
}

export function WaitlistForm({ slots, quantity, collapsed = false }: WaitlistFormProps) {
  const { t, i18n } = useTranslation('waitlist');
  const client = useClient();
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState(!collapsed);
  // Opened on request: the button it replaces is gone, so the focus moves to the form's heading.
  const openedOnRequest = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open && openedOnRequest.current) heading.current?.focus();
  }, [open]);
  const [slot, setSlot] = useState<number>(slots[0]?.id ?? 0);
  const [email, setEmail] = useState(client?.email ?? '');
  const [places, setPlaces] = useState(Math.min(Math.max(quantity, 1), WAITLIST_MAX_QUANTITY));
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'joined'; position: number } | { kind: 'failed'; keys: string[] }>({
    kind: 'idle',
  });
  if (slots.length === 0) return null;
  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={false}
        aria-controls={formId}
        onClick={() => {
          openedOnRequest.current = true;
          setOpen(true);
        }}
      >
        {t('title')}
      </button>
    );
  }
  const chosen = slots.some((each) => each.id === slot) ? slot : (slots[0]?.id ?? 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const { position } = await joinWaitlist({ plot: chosen, email, quantity: places, language: normaliseLanguage(i18n.language) ?? DEFAULT_LANGUAGE });
      setState({ kind: 'joined', position });
    } catch (error) {
      setState({ kind: 'failed', keys: waitlistErrorKeys(error) });
    }
  }

  return (
    <section className="waitlist" id={formId} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('title')}
      </h3>
      {state.kind === 'joined' ? (
        <Alert tone="success">{t('joined', { count: places, position: state.position })}</Alert>
      ) : (
        <form onSubmit={submit}>
          <p>{t('intro')}</p>
          {slots.length > 1 ? (
            <label className="waitlist__slot">
              {t('slot')}
              <select value={chosen} onChange={(event) => setSlot(Number(event.target.value))}>
                {slots.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.label}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="waitlist__slot">{t('slotNamed', { slot: slots[0]?.label })}</p>
          )}
          <TextField label={t('email')} type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <TextField
            label={t('quantity')}
            type="number"
            inputMode="numeric"
            min={1}
            max={WAITLIST_MAX_QUANTITY}
            required
            value={places}
            onChange={(event) => setPlaces(Math.min(Math.max(Number(event.target.value) || 1, 1), WAITLIST_MAX_QUANTITY))}
          />
          <div aria-live="polite">{state.kind === 'failed' ? <Alert tone="danger">{t(state.keys)}</Alert> : null}</div>
          <button type="submit" className="button button--primary" disabled={state.kind === 'sending' || email.trim() === ''}>
            {t('submit')}
          </button>
        </form>
      )}
    </section>
  );
}
