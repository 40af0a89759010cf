/**
 * Which customer fields an order asks for (spec section 5): a field whose applicability lists
 * are all empty applies to every item; otherwise it applies only to the items it lists.
 * (Reading "empty means all" per list would make a field for one product also apply to every
 * subscription and voucher, which no shop owner means.)
 */

export interface Applicability {
  products: readonly number[];
  subscriptions: readonly number[];
  vouchers: readonly number[];
}

export interface CartItems {
  products: readonly number[];
  subscriptions: readonly number[];
  vouchers: readonly number[];
}

export function appliesToAll(field: Applicability): boolean {
  return field.products.length === 0 && field.subscriptions.length === 0 && field.vouchers.length === 0;
}

/** Whether the field applies to at least one item in the cart. */
export function fieldApplies(field: Applicability, cart: CartItems): boolean {
  if (appliesToAll(field)) return true;
  return (
    cart.products.some((id) => field.products.includes(id)) ||
    cart.subscriptions.some((id) => field.subscriptions.includes(id)) ||
    cart.vouchers.some((id) => field.vouchers.includes(id))
  );
}
