/** Back and Next under a step of the subscription flow. */
import { useTranslation } from 'react-i18next';

export function StepButtons({ onBack, onNext, nextDisabled }: { onBack(): void; onNext?: () => void; nextDisabled?: boolean }) {
  const { t } = useTranslation('subscription');
  return (
    <div className="actions order-step__navigation">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {t('navigation.back')}
      </button>
      {onNext ? (
        <button type="button" className="button button--primary" onClick={onNext} disabled={nextDisabled}>
          {t('navigation.next')}
        </button>
      ) : null}
    </div>
  );
}
