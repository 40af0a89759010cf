/**
 * The validate step of an ONLINE redemption in POST /api/orders (spec sections 5 and 6): the token
 * must be the signed-in client's own, and the card must cover the product and the audiences, not be
 * expired, and have the redemptions left for all the lines that use it (src/domain/subscription/redemption.ts).
 * The redemptions themselves are taken by the redemption ledger in the checkout's transaction.
 */
import { redemptionRefusal, redemptionsCover, type RedemptionRefusal } from '#domain/subscription/redemption.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { RedeemingLine, Redemption } from '../checkout/index.ts';
import { findRedeemableByTokens } from './client-subscription.repo.ts';

const REFUSALS: Record<RedemptionRefusal, string> = {
  NOT_ONLINE: 'This subscription cannot be redeemed online.',
  PRODUCT_NOT_COVERED: 'Your subscription does not cover this product.',
  AUDIENCE_NOT_COVERED: 'Your subscription does not cover these tickets.',
  EXPIRED: 'Your subscription has expired.',
  NO_REDEMPTIONS_LEFT: 'Your subscription has no visits left for this order.',
};

const notRedeemable = (info: string) => new AppError('SUBSCRIPTION_NOT_REDEEMABLE', 400, info, { errorInfo: info });

/** One redemption per line (null where no token was sent), or a refusal. */
export async function resolveRedemptions(
  db: Executor,
  lines: readonly (RedeemingLine | null)[],
  context: { clientId: number | null; today: string },
): Promise<(Redemption | null)[]> {
  const tokens = [...new Set(lines.flatMap((line) => (line ? [line.token] : [])))];
  if (tokens.length === 0) return lines.map(() => null);
  if (context.clientId === null) throw new AppError('LOGIN_REQUIRED', 401, 'Sign in to use a subscription', { errorInfo: 'Sign in to use your subscription.' });
  const rows = await findRedeemableByTokens(db, tokens);
  // Someone else's token is the same as no token at all: nothing tells that it exists.
  const own = new Map(rows.filter((row) => row.clientId === context.clientId).map((row) => [row.token, row]));
  const wanted = new Map<string, number>();
  const redemptions = lines.map((line): Redemption | null => {
    if (!line) return null;
    const card = own.get(line.token);
    if (!card) throw notRedeemable('This subscription is not yours or does not exist.');
    const refusal = redemptionRefusal(card, line, context.today);
    if (refusal) throw notRedeemable(REFUSALS[refusal]);
    wanted.set(line.token, (wanted.get(line.token) ?? 0) + line.quantity);
    return { clientSubscriptionId: card.id, quantity: line.quantity };
  });
  // Lines that share a card need its redemptions together (an unlimited card: one per checkout).
  for (const [token, quantity] of wanted) {
    const card = own.get(token);
    if (card && !redemptionsCover(card.availableRedemptions, quantity)) {
      throw notRedeemable(REFUSALS.NO_REDEMPTIONS_LEFT);
    }
  }
  return redemptions;
}
