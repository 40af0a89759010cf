/** The sales editors' reads: query options shared by their pages (keys general → specific). */
import { queryOptions } from '@tanstack/react-query';
import type { CouponEditorView, SubscriptionEditorView, VoucherEditorView } from '#domain/backoffice/sales-editor.ts';
import type { Language, Translations } from '#domain/languages.ts';
import { boApi } from '../../api.ts';

export const salesKeys = {
  all: ['backoffice', 'sales'] as const,
  coupons: () => [...salesKeys.all, 'coupons'] as const,
  subscriptions: () => [...salesKeys.all, 'subscriptions'] as const,
  vouchers: () => [...salesKeys.all, 'vouchers'] as const,
};

export const couponsQuery = () => queryOptions({ queryKey: salesKeys.coupons(), queryFn: () => boApi.get<CouponEditorView[]>('/sales/coupons') });
export const subscriptionsQuery = () =>
  queryOptions({ queryKey: salesKeys.subscriptions(), queryFn: () => boApi.get<SubscriptionEditorView[]>('/sales/subscriptions') });
export const vouchersQuery = () => queryOptions({ queryKey: salesKeys.vouchers(), queryFn: () => boApi.get<VoucherEditorView[]>('/sales/vouchers') });
export const customerGroupsQuery = () =>
  queryOptions({
    queryKey: [...salesKeys.all, 'customer-groups'],
    queryFn: () => boApi.get<{ id: number; texts: Translations<{ name: string }> }[]>('/sales/customer-groups'),
  });

/** The catalogue editor's reads the sales forms pick from (same keys as the catalogue pages). */
export const languagesQuery = () =>
  queryOptions({
    queryKey: ['backoffice', 'catalogue', 'languages'],
    queryFn: () => boApi.get<{ languages: Language[]; default_language: Language }>('/catalogue/languages'),
  });
export const productChoicesQuery = () =>
  queryOptions({
    queryKey: ['backoffice', 'catalogue', 'products'],
    queryFn: () => boApi.get<{ id: number; slug: string; texts: Translations<{ title: string }> }[]>('/catalogue/products'),
  });
export const audienceChoicesQuery = () =>
  queryOptions({
    queryKey: ['backoffice', 'catalogue', 'audiences'],
    queryFn: () => boApi.get<{ id: number; texts: Translations<{ name: string }> }[]>('/catalogue/audiences'),
  });
export const categoryChoicesQuery = () =>
  queryOptions({
    queryKey: ['backoffice', 'catalogue', 'categories'],
    queryFn: () => boApi.get<{ id: number; slug: string; texts: Translations<{ title: string }> }[]>('/catalogue/categories'),
  });
