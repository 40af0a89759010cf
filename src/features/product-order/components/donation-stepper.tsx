/** A donation upsell: an amount the visitor types, or moves by the donation step (spec section 5). */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadMore } from '../../../components/read-more.tsx';
import { Stepper } from '../../../components/stepper.tsx';
import type { Upsell } from '#domain/contracts/catalogue.ts';
import { toAmount, toCents } from '#domain/money.ts';
import { donationQuantity, parseDonationInput, stepDonation } from '#domain/order/donation.ts';
import type { UpsellChoice } from '../../../lib/cart-store.ts';

export interface DonationStepperProps {
  upsell: Upsell;
  cents: number;
  onChange(choice: UpsellChoice): void;
}

const asText = (cents: number) => (cents > 0 ? toAmount(cents).toFixed(2) : '');

export function DonationStepper({ upsell, cents, onChange }: DonationStepperProps) {
  const { t } = useTranslation('order');
  const inputId = useId();
  const [text, setText] = useState(() => asText(cents));
  const stepCents = toCents(upsell.donation_step ?? 0);
  const commit = (next: number) => {
    onChange({ quantity: donationQuantity(next), donationCents: next });
    setText(asText(next));
  };
  return (
    <Stepper
      label={<label htmlFor={inputId}>{upsell.title}</label>}
      // The description is rich text (HTML from the catalogue), never shown as markup; a long one is cut at
      // 100 characters behind read-more, as every product description outside the home cards (spec section 9).
      hint={
        upsell.description ? (
          <ReadMore
            html={upsell.description}
            className="stepper__description"
            moreLabel={t('common:buttons.readMore')}
            lessLabel={t('common:buttons.readLess')}
          />
        ) : undefined
      }
      value={cents}
      canDecrement={cents > 0}
      canIncrement={stepCents > 0}
      onDecrement={() => commit(stepDonation(cents, stepCents, -1))}
      onIncrement={() => commit(stepDonation(cents, stepCents, 1))}
      decrementLabel={t('upsells.donationLess', { name: upsell.title })}
      incrementLabel={t('upsells.donationMore', { name: upsell.title })}
    >
      <input
        id={inputId}
        className="field__input donation__input"
        inputMode="decimal"
        placeholder="0.00"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const next = parseDonationInput(event.target.value);
          onChange({ quantity: donationQuantity(next), donationCents: next });
        }}
        onBlur={() => setText(asText(parseDonationInput(text)))}
      />
    </Stepper>
  );
}
