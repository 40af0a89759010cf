/** Additions (booking fees on every new booking or rebooking): the list, adding, saving and deleting one as read at its version. */
import type { AdditionEditorInput, AdditionEditorView } from '#domain/backoffice/settings-editor.ts';
import { versionedRecords } from './versioned-records.ts';

const additions = versionedRecords<AdditionEditorView, AdditionEditorInput>({
  key: ['backoffice', 'additions'],
  path: '/settings/additions',
  name: 'addition',
});

export const additionKeys = { all: additions.key };
export const additionsQuery = additions.listQuery;
export const useSaveAddition = additions.useSave;
export const useRemoveAddition = additions.useRemove;
