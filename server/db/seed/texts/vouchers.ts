/** Copy of the gift voucher and its values. */
import type { VoucherSlug } from '../demo-keys.ts';
import type { AllLanguages } from './all-languages.ts';

export interface VoucherText {
  title: string;
  description: string;
  label: string;
}

export interface VoucherValueText {
  name: string;
  description: string;
}

export const VOUCHER_TEXTS: Record<VoucherSlug, AllLanguages<VoucherText>> = {
  'gift-voucher': {
    en: {
      title: 'Gift voucher',
      label: 'Gift idea',
      description: '<p>Give a day out at Tidewater. The voucher can be spent on every ticket in this shop and is valid for a year.</p>',
    },
    nl: {
      title: 'Cadeaubon',
      label: 'Cadeautip',
      description: '<p>Geef een dagje Tidewater cadeau. De bon is te besteden aan elk ticket in deze shop en een jaar geldig.</p>',
    },
    es: {
      title: 'Tarjeta regalo',
      label: 'Idea de regalo',
      description: '<p>Regala un día en Tidewater. La tarjeta sirve para cualquier entrada de esta tienda y es válida durante un año.</p>',
    },
    de: {
      title: 'Geschenkgutschein',
      label: 'Geschenkidee',
      description: '<p>Verschenken Sie einen Tag in Tidewater. Der Gutschein gilt für jedes Ticket in diesem Shop und ist ein Jahr gültig.</p>',
    },
    fr: {
      title: 'Carte cadeau',
      label: 'Idée cadeau',
      description: '<p>Offrez une journée à Tidewater. La carte est valable sur tous les billets de cette boutique pendant un an.</p>',
    },
  },
};

/** Keyed by the value in cents. */
export const VOUCHER_VALUE_TEXTS: Record<2500 | 5000 | 10000, AllLanguages<VoucherValueText>> = {
  2500: {
    en: { name: '€25 voucher', description: 'Enough for an adult aquarium ticket and a treat.' },
    nl: { name: 'Cadeaubon van € 25', description: 'Genoeg voor een volwassenenticket voor het aquarium en iets lekkers.' },
    es: { name: 'Tarjeta de 25 €', description: 'Suficiente para una entrada de adulto al acuario y un capricho.' },
    de: { name: 'Gutschein über 25 €', description: 'Reicht für ein Erwachsenenticket fürs Aquarium und eine Leckerei.' },
    fr: { name: 'Carte de 25 €', description: 'De quoi offrir une entrée adulte à l’aquarium et une gourmandise.' },
  },
  5000: {
    en: { name: '€50 voucher', description: 'A day at the zoo for two.' },
    nl: { name: 'Cadeaubon van € 50', description: 'Een dag dierentuin voor twee.' },
    es: { name: 'Tarjeta de 50 €', description: 'Un día en el zoo para dos.' },
    de: { name: 'Gutschein über 50 €', description: 'Ein Zootag für zwei.' },
    fr: { name: 'Carte de 50 €', description: 'Une journée au zoo pour deux.' },
  },
  10000: {
    en: { name: '€100 voucher', description: 'A family day out, lunch included.' },
    nl: { name: 'Cadeaubon van € 100', description: 'Een dagje uit met het hele gezin, inclusief lunch.' },
    es: { name: 'Tarjeta de 100 €', description: 'Un día en familia, con comida incluida.' },
    de: { name: 'Gutschein über 100 €', description: 'Ein Familienausflug, Mittagessen inklusive.' },
    fr: { name: 'Carte de 100 €', description: 'Une sortie en famille, déjeuner compris.' },
  },
};
