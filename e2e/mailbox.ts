/**
 * The shop's mails as journeys read them: playwright.config.ts starts a mailbox for the `shop` and `orders`
 * shops' mails on E2E_PORT + 15 (tests/fakes/serve-mail.ts).
 */
import { expect, type Page } from '@playwright/test';

const MAILBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4300) + 15}`;

/** A client's sign-in / confirmation link (the default of mailedLink). */
export const CLIENT_LINK = /https?:\/\/\S+\/client\/login\?token=\S+/;
/** A staff member's set-password link (an invitation, a new link from an owner). */
export const STAFF_SET_PASSWORD_LINK = /https?:\/\/\S+\/backoffice\/set-password#\S+/;

/** The link (`pattern`) of the last account mail to `address`, once the shop's mail worker has delivered it. */
export async function mailedLink(page: Page, address: string, pattern: RegExp = CLIENT_LINK): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`${MAILBOX}/mails?to=${encodeURIComponent(address)}`)).json()) as { text: string }[];
        link = mails
          .map((mail) => pattern.exec(mail.text)?.[0])
          .filter(Boolean)
          .at(-1);
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** Every mail the mailbox received for `address` so far, oldest first. */
export async function mailsTo(page: Page, address: string): Promise<{ subject: string; text: string }[]> {
  return (await (await page.request.get(`${MAILBOX}/mails?to=${encodeURIComponent(address)}`)).json()) as { subject: string; text: string }[];
}
