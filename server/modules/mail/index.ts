/** The public entry of the mail module: what other modules, app.ts and the composition root use. */
export { enqueueAccountMail } from './account-mail.ts';
export { enqueueClientAccountMail, type ClientAccountMailKind } from './client-account-mail.ts';
export { enqueueGiftCardMail, type MailedGiftCard } from './gift-card-mail.ts';
export { enqueueLatePaymentMails } from './late-payment-refund.ts';
export { DOCUMENT_ATTACHMENT, documentAttachment, type MailAttachmentRef, type MailAttachmentRenderers, type RenderedAttachment } from './mail-attachments.ts';
export { retryDelayMs, startMailWorker } from './mail-worker.ts';
export { enqueueOrderChangeMail, enqueueRequestDeclinedMail, renderOrderChangeMail } from './order-change-mail.ts';
export { enqueueOrderConfirmation } from './order-confirmation.ts';
export { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
export { enqueueSubscriptionMail } from './subscription-mail.ts';
export { enqueueWaitlistOffer, renderWaitlistOffer, type WaitlistOfferMail } from './waitlist-mail.ts';
export { enqueueStaffInviteMail } from './staff-invite-mail.ts';
