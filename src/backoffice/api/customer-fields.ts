/** The customer fields the checkout asks: the list, adding, saving and deleting one as read at its version. */
import type { CustomerFieldEditorInput, CustomerFieldEditorView } from '#domain/backoffice/settings-editor.ts';
import { versionedRecords } from './versioned-records.ts';

const fields = versionedRecords<CustomerFieldEditorView, CustomerFieldEditorInput>({
  key: ['backoffice', 'customer-fields'],
  path: '/settings/fields',
  name: 'field',
});

export const customerFieldKeys = { all: fields.key };
export const customerFieldsQuery = fields.listQuery;
export const useSaveCustomerField = fields.useSave;
export const useRemoveCustomerField = fields.useRemove;
