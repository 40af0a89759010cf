/**
 * Back and Next under a step of an order flow (products, subscriptions, vouchers). Next is offered only
 * when the step has something to confirm. The labels come translated, from the flow's own namespace.
 */
export interface BackNextButtonsProps {
  onBack(): void;
  onNext?: () => void;
  nextDisabled?: boolean;
  backLabel: string;
  nextLabel: string;
}

export function BackNextButtons({ onBack, onNext, nextDisabled, backLabel, nextLabel }: BackNextButtonsProps) {
  return (
    <div className="actions order-step__navigation">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {backLabel}
      </button>
      {onNext ? (
        <button type="button" className="button button--primary" onClick={onNext} disabled={nextDisabled}>
          {nextLabel}
        </button>
      ) : null}
    </div>
  );
}
