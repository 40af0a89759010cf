/** Vouchers (gift cards on sale): the editor's list, and adding or saving one as read at its version. */
import type { VoucherEditorInput, VoucherEditorView } from '#domain/backoffice/sales-editor.ts';
import { versionedRecords } from './versioned-records.ts';

const vouchers = versionedRecords<VoucherEditorView, VoucherEditorInput>({ key: ['backoffice', 'vouchers'], path: '/sales/vouchers', name: 'voucher' });

export const voucherKeys = { all: vouchers.key };
export const vouchersQuery = vouchers.listQuery;
export const useSaveVoucher = vouchers.useSave;
