/**
 * The card-payment dialog (spec section 4: a card-payment button). Pressing the button loads
 * Stripe.js and leaves for the hosted Checkout page; closing the dialog keeps the shopper in the
 * shop (the unpaid order's places are given back when its hold expires).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/modal.tsx';
import { cardPayment, useCardStore, type CardCheckout } from './card.ts';
import type { PaymentContext } from './payment-path.ts';

export function CardDialog({ card, context }: { card: CardCheckout; context: PaymentContext }) {
  const { t } = useTranslation('payment');
  const cardDismissed = useCardStore((state) => state.cardDismissed);
  const [starting, setStarting] = useState(false);
  const pay = () => {
    setStarting(true);
    void cardPayment.pay(card, context).finally(() => setStarting(false));
  };
  return (
    <Modal open onClose={cardDismissed} title={t('card.title')} closeLabel={t('card.close')}>
      <p>{t('card.instructions')}</p>
      <button type="button" className="button button--primary" onClick={pay} disabled={starting} aria-busy={starting || undefined}>
        {starting ? t('card.starting') : t('card.pay')}
      </button>
    </Modal>
  );
}
