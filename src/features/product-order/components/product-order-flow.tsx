/**
 * The product order flow (spec section 2): renders the current order's step beside the cart
 * summary. Which steps exist and where Next and Back go is src/domain/order/order-steps.ts; the
 * step itself lives in the persisted cart store, so a reload resumes where the visitor was.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/spinner.tsx';
import type { Product } from '#domain/contracts/catalogue.ts';
import { customerFormValues } from '#domain/customer.ts';
import { productOrderSteps, type ProductOrderStep } from '#domain/order/order-steps.ts';
import { initialAudienceQuantities } from '#domain/order/quantities.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import type { BookingMove } from '../../../lib/booking-move-store.ts';
import { effectiveStep, useCartStore } from '../../../lib/cart-store.ts';
import { useUpsells } from '../api/get-upsells.ts';
import { isMoveOf, movedDraft } from '../moved-draft.ts';
import { useCheckoutStore } from '../store.ts';
import { useSubscriptionAutoApply } from '../use-subscription-auto-apply.ts';
import { CartSummary } from './cart-summary.tsx';
import { CrossSellsStep } from './cross-sells-step.tsx';
import { CustomerStep } from './customer-step.tsx';
import { OrderFailedModal } from './order-failed-modal.tsx';
import { PlotStep } from './plot-step.tsx';
import { QuantityStep } from './quantity-step.tsx';
import { StepFrame } from './step-frame.tsx';
import { UpsellsStep } from './upsells-step.tsx';

export interface ProductOrderFlowProps {
  product: Product;
  /**
   * /product/{id}/rebook and /product/{id}/change: the booking this flow moves (spec section 4,
   * Rebook; section 2, Reservation page), preloaded; date, time and quantities choosable again.
   */
  move?: BookingMove;
}

export function ProductOrderFlow({ product, move }: ProductOrderFlowProps) {
  // The customer form's namespaces load with the flow, so reaching that step never suspends it.
  const { t } = useTranslation(['order', 'customer', 'validation', 'errors']);
  const navigate = useNavigate();
  const { shop } = useOrganisation();
  const current = useCartStore((state) => state.current);
  const orderStarted = useCartStore((state) => state.orderStarted);
  const stepAdvanced = useCartStore((state) => state.stepAdvanced);
  const stepWentBack = useCartStore((state) => state.stepWentBack);
  const plotWanted = useCartStore((state) => state.plotWanted);
  const quantityChanged = useCartStore((state) => state.quantityChanged);
  const moveStarted = useCartStore((state) => state.moveStarted);
  const customerChanged = useCartStore((state) => state.customerChanged);
  const companyToggled = useCartStore((state) => state.companyToggled);
  const location = useLocation();
  const phase = useCheckoutStore((state) => state.phase);
  const flowEntered = useCheckoutStore((state) => state.flowEntered);
  const upsells = useUpsells(product.id).data ?? product.upsells;
  // A moved booking keeps how it was paid: no client subscription is applied to it.
  useSubscriptionAutoApply(current && current.productId === product.id && !move ? current : null);
  const steps = useMemo(
    () =>
      productOrderSteps({
        hasDays: product.options.days,
        // A reservation change keeps its extras (the change moves the slot and the tickets).
        hasUpsells: upsells.length > 0 && move?.kind !== 'change',
        // A move is of one booking: nothing joins it.
        hasCrossSells: !move && shop.allowShoppingCart && product.cross_sells.length > 0,
      }),
    [product, upsells.length, shop.allowShoppingCart, move],
  );

  // Arriving at a product: resume its order (reload, edit) or start one.
  const productEntered = useEffectEvent(() => {
    flowEntered();
    const resumed = useCartStore.getState().current;
    if (move) {
      // The booking's choices and customer, preloaded once; a reload resumes the move.
      if (!isMoveOf(resumed, move)) {
        moveStarted(movedDraft(move, product));
        customerChanged(customerFormValues(move.customer));
        companyToggled(move.customer.company !== null);
      }
      return;
    }
    // A move left half-way is not continued as a plain order.
    if (resumed?.productId !== product.id || resumed.move) {
      const byAudience = product.options.audiences && product.audiences.length > 0;
      orderStarted({ productId: product.id, slug: product.slug, quantity: 0, audiences: byAudience ? initialAudienceQuantities(product.audiences) : {} });
    }
    // Arriving from the calendar's "Add tickets": that day and slot (the router state it sends).
    // A waiting-list link (src/features/waitlist) sends the held quantity too.
    const picked = location.state as { plot?: { id: number; date: string }; quantity?: number } | null;
    if (picked?.quantity && !(product.options.audiences && product.audiences.length > 0)) quantityChanged(picked.quantity);
    if (picked?.plot) plotWanted(picked.plot.id, picked.plot.date);
  });
  // Only when the product changes: later changes of `current` are the visitor's.
  useEffect(() => productEntered(), [product.id]);

  const onNext = useCallback(() => stepAdvanced(steps), [stepAdvanced, steps]);
  const onBack = () => {
    const outcome = stepWentBack(steps);
    const resumed = useCartStore.getState().current;
    if (outcome === 'exit') navigate('/');
    else if (outcome === 'resumed' && resumed) navigate(`/product/${resumed.productId}/${resumed.slug}`);
  };

  if (phase === 'paying') {
    return (
      <StepFrame title={t('steps.checkout')} stepKey="checkout">
        <Spinner label={t('checkout.redirecting')} />
        <p>{t('checkout.redirecting')}</p>
      </StepFrame>
    );
  }
  if (!current || current.productId !== product.id || current.move?.kind !== move?.kind) return <Spinner label={t('loading')} />;

  const stored = effectiveStep(steps, current.step);
  // Checkout is reached by submitting; a stored checkout step shows the customer step again.
  const step: ProductOrderStep = stored === 'checkout' ? 'customer' : stored;
  const body = {
    quantity: () => <QuantityStep product={product} order={current} onNext={onNext} onBack={onBack} />,
    plot: () => <PlotStep product={product} order={current} onNext={onNext} onBack={onBack} />,
    upsells: () => <UpsellsStep upsells={upsells} order={current} onNext={onNext} onBack={onBack} />,
    cross_sells: () => <CrossSellsStep crossSells={product.cross_sells} onNext={onNext} onBack={onBack} />,
    customer: () => <CustomerStep onBack={onBack} moving={move?.kind ?? null} />,
    checkout: () => null,
  } satisfies Record<ProductOrderStep, () => ReactNode>;

  return (
    <div className="product-order">
      <div className="product-order__main">
        <StepFrame title={t(`steps.${step}`)} stepKey={step}>
          {body[step]()}
        </StepFrame>
      </div>
      <CartSummary product={product} current={current} onCustomerStep={step === 'customer'} move={current.move ?? null} />
      <OrderFailedModal />
    </div>
  );
}
