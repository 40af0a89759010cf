/** Back and Next under a step. Next is offered only when the step has something to confirm. */
import { useTranslation } from 'react-i18next';

export interface StepNavigationProps {
  onBack(): void;
  onNext?: () => void;
  nextDisabled?: boolean;
  nextLabel?: string;
}

export function StepNavigation({ onBack, onNext, nextDisabled, nextLabel }: StepNavigationProps) {
  const { t } = useTranslation('order');
  return (
    <div className="actions order-step__navigation">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {t('navigation.back')}
      </button>
      {onNext ? (
        <button type="button" className="button button--primary" onClick={onNext} disabled={nextDisabled}>
          {nextLabel ?? t('navigation.next')}
        </button>
      ) : null}
    </div>
  );
}
