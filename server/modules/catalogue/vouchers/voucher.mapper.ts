/** Voucher rows → `VoucherSummary` and `Voucher`. Descriptions are HTML, sanitised with the card (item-card.ts). */
import type { Voucher, VoucherSummary, VoucherValue } from '#domain/contracts/catalogue.ts';
import { toAmount } from '#domain/money.ts';
import { toItemCard } from '../item-card.ts';
import { orNull, textsIn, type Reading } from '../reading.ts';
import type { VoucherRow, VoucherValueRow } from './voucher.repo.ts';

export function toVoucherSummary(row: VoucherRow, reading: Reading): VoucherSummary {
  return {
    ...toItemCard(row, reading),
    price: toAmount(row.fromPriceCents ?? 0),
    full: false,
  };
}

export function toVoucherValue(row: VoucherValueRow, reading: Reading): VoucherValue {
  const texts = textsIn(row.texts, reading);
  return {
    id: row.id,
    name: texts.name ?? '',
    description: orNull(texts.description),
    price: toAmount(row.priceCents),
    availability: row.availability,
  };
}

export function toVoucher({ voucher, values }: { voucher: VoucherRow; values: VoucherValueRow[] }, reading: Reading): Voucher {
  const { full: _summary, ...summary } = toVoucherSummary(voucher, reading);
  return {
    ...summary,
    full: true,
    values: values.map((value) => toVoucherValue(value, reading)),
    min_quantity: voucher.minQuantity,
    max_quantity: voucher.maxQuantity,
    settings: { show_end_time: voucher.showEndTime },
  };
}
