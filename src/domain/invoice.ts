/**
 * Ordering on invoice (spec sections 3 and 9: business_fields[type, invoice]; "the total is shown
 * as 0 when the order is on invoice"). A shop offers it when it allows business customers and
 * marks at least one business field `invoice`: those fields are what an invoice needs. A business
 * customer (company box ticked) who chooses it gets an order confirmed at once, with nothing paid
 * online (0 to pay now), its total owed by invoice and these details kept on the order. The
 * server decides it (the checkout core); the storefront offers the choice and shows the flag the
 * server answers. Decision record: docs/decisions/0018-invoice-orders-and-enrichment.md.
 */
import type { FieldType } from './contracts/organisation.ts';

export interface BusinessField {
  type: FieldType;
  invoice: boolean;
}

/** The business details of a customer as the order keeps them. */
export interface InvoiceDetails {
  company: string | null;
  vat_id: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
}

type InvoiceProperty = keyof InvoiceDetails;

const PROPERTY_OF: Partial<Record<FieldType, InvoiceProperty>> = {
  COMPANY: 'company',
  VAT_ID: 'vat_id',
  ADDRESS: 'address',
  ZIPCODE: 'zipcode',
  CITY: 'city',
};

/** Whether the shop takes orders on invoice. */
export function invoiceOffered(shop: { allowBusiness: boolean; businessFields: readonly BusinessField[] }): boolean {
  return shop.allowBusiness && shop.businessFields.some((field) => field.invoice);
}

/** The customer's properties an invoice needs, as the shop marked them. */
export function invoiceRequiredProperties(businessFields: readonly BusinessField[]): InvoiceProperty[] {
  return businessFields.flatMap((field) => {
    const property = field.invoice ? PROPERTY_OF[field.type] : undefined;
    return property ? [property] : [];
  });
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** What an invoice order keeps of the customer, or the properties it still misses (each 'required'). */
export function invoiceDetailsOf(
  customer: Partial<Record<InvoiceProperty, string | null | undefined>>,
  businessFields: readonly BusinessField[],
): { details: InvoiceDetails } | { missing: Record<string, 'required'> } {
  const missing = invoiceRequiredProperties(businessFields).filter((property) => !filled(customer[property]));
  if (missing.length > 0) return { missing: Object.fromEntries(missing.map((property) => [`customer.${property}`, 'required' as const])) };
  const value = (property: InvoiceProperty) => (filled(customer[property]) ? (customer[property] as string).trim() : null);
  return { details: { company: value('company'), vat_id: value('vat_id'), address: value('address'), zipcode: value('zipcode'), city: value('city') } };
}

/** Whether the visitor's order goes on invoice: offered, chosen, and the company box ticked. */
export function invoiceChosen(offered: boolean, chosen: boolean, companyTicked: boolean): boolean {
  return offered && chosen && companyTicked;
}
