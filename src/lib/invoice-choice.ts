/**
 * Whether this shop offers ordering on invoice, and whether the visitor's order goes on it
 * (src/domain/invoice.ts): offered, chosen, and the company box ticked. The subscription and
 * voucher flows send `invoice` with their simulations and orders from this.
 */
import { invoiceChosen, invoiceOffered } from '#domain/invoice.ts';
import { useOrganisation } from './api/organisation.ts';

export function useInvoiceOffered(): boolean {
  const organisation = useOrganisation();
  return invoiceOffered({ allowBusiness: organisation.shop.allow_business, businessFields: organisation.business_fields });
}

/** True when the order goes on invoice. */
export function useInvoiceRequested(chosen: boolean, companyTicked: boolean): boolean {
  return invoiceChosen(useInvoiceOffered(), chosen, companyTicked);
}
