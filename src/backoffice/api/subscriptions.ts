/** Subscriptions (passes) on sale: the editor's list, and adding or saving one as read at its version. */
import type { SubscriptionEditorInput, SubscriptionEditorView } from '#domain/backoffice/sales-editor.ts';
import { versionedRecords } from './versioned-records.ts';

const subscriptions = versionedRecords<SubscriptionEditorView, SubscriptionEditorInput>({
  key: ['backoffice', 'subscriptions'],
  path: '/sales/subscriptions',
  name: 'subscription',
});

export const subscriptionKeys = { all: subscriptions.key };
export const subscriptionsQuery = subscriptions.listQuery;
export const useSaveSubscription = subscriptions.useSave;
