/**
 * The steps of the product order flow and the moves between them (spec section 2, Product order
 * flow), as one typed list: the UI renders the current step and asks here where Next and Back go.
 */
export type ProductOrderStep = 'quantity' | 'plot' | 'upsells' | 'cross_sells' | 'customer' | 'checkout';

/** quantity, plot (only with days), upsells (only if any), cross_sells (only if any), customer, checkout. */
export function productOrderSteps(input: { hasDays: boolean; hasUpsells: boolean; hasCrossSells: boolean }): ProductOrderStep[] {
  const steps: ProductOrderStep[] = ['quantity'];
  if (input.hasDays) steps.push('plot');
  if (input.hasUpsells) steps.push('upsells');
  if (input.hasCrossSells) steps.push('cross_sells');
  steps.push('customer', 'checkout');
  return steps;
}

/** The step after `current`; null after the last one or for a step the flow does not have. */
export function nextStep(steps: readonly ProductOrderStep[], current: ProductOrderStep): ProductOrderStep | null {
  const index = steps.indexOf(current);
  if (index < 0) return null;
  return steps[index + 1] ?? null;
}

/**
 * The step before `current`. From the first step (or a step the flow does not have) it is 'exit':
 * the caller returns to the previous cart item, or to / when there is none.
 */
export function previousStep(steps: readonly ProductOrderStep[], current: ProductOrderStep): ProductOrderStep | 'exit' {
  const index = steps.indexOf(current);
  if (index <= 0) return 'exit';
  return steps[index - 1] ?? 'exit';
}

/** A step can be entered only if this product's flow has it (no plot step without days). */
export function canEnter(steps: readonly ProductOrderStep[], step: ProductOrderStep): boolean {
  return steps.includes(step);
}
