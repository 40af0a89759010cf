/** The coupon of a subscription order: a SUBSCRIPTION coupon code or a gift card code, shown in upper case once applied; the simulation judges it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscriptionOrderStore } from '../store.ts';

export function CouponField() {
  const { t } = useTranslation('subscription');
  const coupon = useSubscriptionOrderStore((state) => state.coupon);
  const couponApplied = useSubscriptionOrderStore((state) => state.couponApplied);
  const [typed, setTyped] = useState('');
  if (coupon)
    return (
      <p className="actions">
        <span>
          {t('summary.coupon')}: <strong>{coupon.toUpperCase()}</strong>
        </span>
        <button type="button" className="button button--secondary" onClick={() => couponApplied(null)}>
          {t('summary.removeCoupon', { code: coupon.toUpperCase() })}
        </button>
      </p>
    );
  return (
    <form
      className="actions"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim() !== '') couponApplied(typed.trim().toUpperCase());
        setTyped('');
      }}
    >
      <label>
        {t('summary.coupon')} <input className="input" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <button type="submit" className="button button--secondary">
        {t('summary.applyCoupon')}
      </button>
    </form>
  );
}
