/** A voucher page: the voucher with the values it is sold in. */
import type { Voucher } from '#domain/contracts/catalogue.ts';
import type { Language } from '#domain/languages.ts';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { loadShopLocale } from '../../organisation/index.ts';
import { readingFor } from '../reading.ts';
import { toVoucher } from './voucher.mapper.ts';
import { findServedVoucher, listVoucherValues } from './voucher.repo.ts';

export function createVoucherService({ db }: { db: Database }) {
  return {
    async getVoucher(id: number, requested: Language | null): Promise<Voucher> {
      const voucher = await findServedVoucher(db, id);
      if (!voucher) throw notFound('No such voucher');
      const [locale, values] = await Promise.all([loadShopLocale(db), listVoucherValues(db, id)]);
      return toVoucher({ voucher, values }, readingFor(requested, locale));
    },
  };
}
