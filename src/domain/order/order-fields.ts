/**
 * POST /api/orders' top-level `fields` (spec section 7): the answers to the questions an order
 * asks because of its products — the organisation's fields whose applicability names products —
 * apart from the customer's own fields (`customer.fields`: those asked of every order). The
 * server keeps both under the order's customer (src/domain/customer.ts `customerFromRequest`,
 * the customer's own winning a clash), so the split says where an answer belongs, not whether it
 * is kept.
 */
import type { OrderCustomer } from '../contracts/orders.ts';
import type { CustomerField } from '../contracts/organisation.ts';
import type { CustomerFieldValue } from '../customer.ts';

export function splitOrderFields(
  customer: OrderCustomer,
  definitions: readonly Pick<CustomerField, 'name' | 'products'>[],
): { customer: OrderCustomer; fields: Record<string, CustomerFieldValue> } {
  const ofProducts = new Set(definitions.filter((field) => field.products.length > 0).map((field) => field.name));
  const own: Record<string, CustomerFieldValue> = {};
  const fields: Record<string, CustomerFieldValue> = {};
  for (const [name, value] of Object.entries(customer.fields ?? {})) (ofProducts.has(name) ? fields : own)[name] = value;
  return { customer: { ...customer, fields: own }, fields };
}
