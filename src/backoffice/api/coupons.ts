/** Coupons: the editor's list, adding or saving one as read at its version, and the orders that used a code. */
import { queryOptions } from '@tanstack/react-query';
import type { CouponEditorInput, CouponEditorView } from '#domain/backoffice/sales-editor.ts';
import type { CouponUses } from '#domain/contracts/backoffice-orders.schema.ts';
import { backofficeApi } from './client.ts';
import { versionedRecords } from './versioned-records.ts';

const coupons = versionedRecords<CouponEditorView, CouponEditorInput>({ key: ['backoffice', 'coupons'], path: '/sales/coupons', name: 'coupon' });

export const couponKeys = {
  all: coupons.key,
  uses: (code: string, limit?: number) => [...coupons.key, 'uses', code, limit ?? null] as const,
};
export const couponsQuery = coupons.listQuery;
export const useSaveCoupon = coupons.useSave;

/** The orders that used `code` (latest first; at most `limit`, else the API's default). */
export const couponUsesQuery = (code: string, limit?: number) =>
  queryOptions({
    queryKey: couponKeys.uses(code, limit),
    enabled: code !== '',
    queryFn: () => backofficeApi.get<CouponUses>(`/coupons/${encodeURIComponent(code)}/uses${limit ? `?limit=${limit}` : ''}`),
  });
