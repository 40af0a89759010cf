/** The upsells (add-ons) and donations products offer: the list, and adding or saving one as read at its version. */
import type { z } from 'zod';
import type { upsellEditorSchema } from '#domain/backoffice/catalogue-editor.ts';
import type { Translations } from '#domain/languages.ts';
import { versionedRecords } from './versioned-records.ts';

export interface UpsellRow {
  id: number;
  version: number;
  upsell_type: 'STANDARD' | 'DONATION';
  price: number;
  max_quantity: number;
  donation_step: number | null;
  image: string | null;
  texts: Translations<{ title: string; description: string }>;
}

type UpsellValues = z.output<typeof upsellEditorSchema>;
/** A new upsell from the product editor: its kind, price and title in the default language; the API fills in the rest. */
export type QuickUpsell = Pick<UpsellValues, 'upsell_type' | 'price' | 'texts'>;

const upsells = versionedRecords<UpsellRow, UpsellValues | QuickUpsell>({ key: ['backoffice', 'upsells'], path: '/catalogue/upsells', name: 'upsell' });

export const upsellKeys = { all: upsells.key };
export const upsellsQuery = upsells.listQuery;
export const useSaveUpsell = upsells.useSave;
