/**
 * The two mails written when a payment arrives too late to keep its places and is refunded: one to
 * the shopper in the order's language, one to the organisation (its notification address, else its
 * public one) in the shop's default language. Written to the outbox in the transaction that decided
 * the refund, so they exist exactly when it does.
 */
import { formattingLocale, translate, type Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Executor } from '../../db/client.ts';
import type { OrderRecord, PaymentRecord } from '../../db/schema/index.ts';
import { findOrganisation, defaultLanguageOf } from '../organisation/index.ts';
import { LATE_PAYMENT_TEXTS } from './late-payment-refund.texts.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import { plainName } from './plain-name.ts';

const formatMoney = (cents: number, currency: string, language: Language) =>
  new Intl.NumberFormat(formattingLocale(language), { style: 'currency', currency }).format(toAmount(cents));

export interface LatePaymentRefund {
  language: Language;
  staffLanguage: Language;
  name: string;
  email: string;
  shopName: string;
  amountCents: number;
  currency: string;
  orderHashes: string[];
  paymentHash: string;
}

/** The shopper's mail; pure, so the wording is testable without a database. */
export function renderShopperMail(refund: LatePaymentRefund): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = LATE_PAYMENT_TEXTS[refund.language];
  const amount = formatMoney(refund.amountCents, refund.currency, refund.language);
  const text = [
    texts.greeting(refund.name),
    '',
    texts.body(amount),
    '',
    ...refund.orderHashes.map((hash) => `${texts.orders}: ${hash}`),
    '',
    texts.closing,
    refund.shopName,
  ].join('\n');
  return { subject: `${texts.subject} — ${refund.shopName}`, text };
}

export function renderStaffMail(refund: LatePaymentRefund): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = LATE_PAYMENT_TEXTS[refund.staffLanguage];
  const amount = formatMoney(refund.amountCents, refund.currency, refund.staffLanguage);
  const text = [
    texts.staffBody(amount, `${refund.name} <${refund.email}>`),
    '',
    ...refund.orderHashes.map((hash) => `${texts.orders}: ${hash}`),
    `Payment: ${refund.paymentHash}`,
  ].join('\n');
  return { subject: texts.staffSubject(refund.orderHashes[0] ?? refund.paymentHash), text, replyTo: refund.email || null };
}

export async function enqueueLatePaymentMails(executor: Executor, payment: PaymentRecord, orders: OrderRecord[]): Promise<void> {
  const [first] = orders;
  if (!first) return;
  const organisation = await findOrganisation(executor);
  const staffLanguage = defaultLanguageOf(organisation);
  const refund: LatePaymentRefund = {
    language: first.language,
    staffLanguage,
    name: plainName(first.customer.first_name, first.customer.last_name),
    email: first.customer.email,
    shopName: (organisation && translate(organisation.texts, first.language, staffLanguage).name) || '',
    amountCents: payment.amountCents,
    currency: payment.currency,
    orderHashes: orders.map((order) => order.hash),
    paymentHash: payment.hash,
  };
  if (refund.email) await enqueueMail(executor, { kind: 'late-payment-refund', recipient: refund.email, ...renderShopperMail(refund) });
  const staff = organisation?.notificationEmail || organisation?.email;
  if (staff) await enqueueMail(executor, { kind: 'late-payment-refund-staff', recipient: staff, ...renderStaffMail(refund) });
}
