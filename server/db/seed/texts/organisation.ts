/** The organisation's name and the names of its additions (booking and rebooking fees). */
import type { AllLanguages } from './all-languages.ts';
import { sameInEveryLanguage } from './all-languages.ts';

export const ORGANISATION_TEXTS: AllLanguages<{ name: string }> = sameInEveryLanguage({ name: 'Tidewater Zoo & Aquarium' });

export const BOOKING_FEE_TEXTS: AllLanguages<{ name: string }> = {
  en: { name: 'Booking fee' },
  nl: { name: 'Reserveringskosten' },
  es: { name: 'Gastos de gestión' },
  de: { name: 'Buchungsgebühr' },
  fr: { name: 'Frais de réservation' },
};

export const REBOOKING_FEE_TEXTS: AllLanguages<{ name: string }> = {
  en: { name: 'Rebooking fee' },
  nl: { name: 'Omboekingskosten' },
  es: { name: 'Gastos de cambio de reserva' },
  de: { name: 'Umbuchungsgebühr' },
  fr: { name: 'Frais de modification' },
};
