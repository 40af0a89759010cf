/**
 * Refund (cancellation) requests from the FAQ page: checked with the same rules as the form
 * (src/domain/validation/refund-request.ts), then stored together with the notification mail
 * to the organisation in one transaction: either both exist or neither does.
 */
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { validationFailed } from '../../errors.ts';
import type { Language } from '#domain/languages.ts';
import { validateRefundRequest, type RefundRequest } from '#domain/validation/refund-request.ts';
import { enqueueMail } from '../mail/index.ts';
import { composeRefundRequestMail } from './refund-request-mail.ts';
import { defaultLanguageOf } from '../organisation/index.ts';
import { findOrganisationContact, insertRefundRequest } from './refund-request.repo.ts';

export interface RefundRequestServiceDeps {
  db: Database;
  clock: Clock;
}

export interface SubmittedRefundRequest {
  id: number;
  /** false when the organisation has no e-mail address to notify (stored all the same). */
  notified: boolean;
}

function trimmed(request: RefundRequest): RefundRequest {
  return {
    first_name: request.first_name.trim(),
    last_name: request.last_name.trim(),
    email: request.email.trim(),
    adress: request.adress.trim(),
    order_number: request.order_number.trim(),
    comment: request.comment.trim(),
  };
}

export function createRefundRequestService({ db, clock }: RefundRequestServiceDeps) {
  async function submit(input: RefundRequest, requestedLanguage: Language | null): Promise<SubmittedRefundRequest> {
    const problems = validateRefundRequest(input);
    if (Object.keys(problems).length > 0) throw validationFailed(problems as Record<string, string>);
    const request = trimmed(input);

    return db.transaction(async (tx) => {
      const contact = await findOrganisationContact(tx);
      const language = requestedLanguage ?? defaultLanguageOf(contact);
      const id = await insertRefundRequest(tx, {
        firstName: request.first_name,
        lastName: request.last_name,
        email: request.email,
        address: request.adress,
        orderNumber: request.order_number,
        comment: request.comment,
        language,
        createdAt: clock.now(),
      });
      const recipient = contact?.notificationEmail || contact?.email;
      if (recipient) await enqueueMail(tx, composeRefundRequestMail(request, language, recipient));
      return { id, notified: Boolean(recipient) };
    });
  }

  return { submit };
}
