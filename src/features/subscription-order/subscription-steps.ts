/** The subscription flow's steps (spec section 2): quantity, upsells (only if any), customer, checkout; back goes the reverse way. */
export type SubscriptionStep = 'quantity' | 'upsells' | 'customer';

export function subscriptionSteps(hasUpsells: boolean): SubscriptionStep[] {
  return hasUpsells ? ['quantity', 'upsells', 'customer'] : ['quantity', 'customer'];
}

export function nextStep(step: SubscriptionStep, hasUpsells: boolean): SubscriptionStep | null {
  const steps = subscriptionSteps(hasUpsells);
  return steps[steps.indexOf(step) + 1] ?? null;
}

export function previousStep(step: SubscriptionStep, hasUpsells: boolean): SubscriptionStep | null {
  const steps = subscriptionSteps(hasUpsells);
  return steps[steps.indexOf(step) - 1] ?? null;
}
