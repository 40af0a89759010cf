/**
 * The reservation edit (spec section 5): fields marked default (first name, last name, e-mail) are
 * not editable there; the organisation's own fields are. The e-mail confirmation follows the
 * booking's e-mail address. The edit form and PATCH /api/reservation/{hash} both ask this.
 */
import type { CustomerField } from '../contracts/organisation.ts';
import { customerValue, type CustomerFormValues } from './customer-form.ts';

/** Whether a customer field may be changed on the reservation page. */
export function isEditableOnReservation(field: CustomerField): boolean {
  return !field.default && field.type !== 'EMAIL' && field.type !== 'EMAIL_CONFIRM';
}

const comparable = (field: CustomerField, value: unknown): unknown => {
  if (typeof value !== 'string') return value ?? '';
  const trimmed = value.trim();
  return field.type === 'EMAIL' ? trimmed.toLowerCase() : trimmed;
};

/**
 * The names of the fields an edit would change although they are not editable (the e-mail
 * confirmation is not compared: it is set from the booking's address). Spacing and, for the
 * e-mail address, letter case are not a change.
 */
export function lockedFieldChanges(fields: readonly CustomerField[], stored: CustomerFormValues, sent: CustomerFormValues): string[] {
  return fields
    .filter((field) => !isEditableOnReservation(field) && field.type !== 'EMAIL_CONFIRM')
    .filter((field) => comparable(field, customerValue(stored, field)) !== comparable(field, customerValue(sent, field)))
    .map((field) => field.name);
}
