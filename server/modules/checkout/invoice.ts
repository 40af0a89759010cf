/**
 * Whether a submission goes on invoice, for every good (src/domain/invoice.ts): refused when the
 * shop does not offer it, and, for an order, when the customer lacks a detail the shop marked for
 * invoices. A simulation only learns whether it would be on invoice (its customer is a placeholder).
 */
import type { Customer } from '#domain/customer.ts';
import { invoiceDetailsOf, invoiceOffered, type BusinessField, type InvoiceDetails } from '#domain/invoice.ts';
import { AppError } from '../../errors.ts';

export interface InvoiceShop {
  allowBusiness: boolean;
  businessFields: BusinessField[];
}

/** True when the submission asks for an invoice the shop offers; throws INVOICE_NOT_AVAILABLE when it does not. */
export function invoiceAsked(requested: boolean | undefined, shop: InvoiceShop, context: { action?: 'pay' | 'reserve'; rebooking?: boolean } = {}): boolean {
  if (requested !== true) return false;
  if (!invoiceOffered(shop) || context.action === 'reserve' || context.rebooking === true)
    throw new AppError('INVOICE_NOT_AVAILABLE', 400, 'This order cannot be placed on invoice');
  return true;
}

/** The details an order on invoice keeps; throws INVOICE_DETAILS_MISSING naming the missing ones. */
export function invoiceDetailsFor(customer: Customer, shop: InvoiceShop): InvoiceDetails {
  const result = invoiceDetailsOf(customer, shop.businessFields);
  if ('missing' in result) throw new AppError('INVOICE_DETAILS_MISSING', 400, 'The company details an invoice needs are missing', { fields: result.missing });
  return result.details;
}
