/**
 * What a signed-in client may read of their own subscriptions (spec sections 6 and 7):
 * GET /api/client/subscription/{hash} (a renewal: renewable, expiration, passes) and
 * GET /api/groups/{clientId} (their customer groups). Someone else's hash or id gets nothing.
 */
import type { CustomerGroups, SubscriptionRenewal } from '#domain/contracts/subscription-order.ts';
import { translate, type Language } from '#domain/languages.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import { findOrganisation, defaultLanguageOf } from '../organisation/index.ts';
import { findClientSubscriptionByHash, groupsOfClient, passesOf } from './client-subscription.repo.ts';

const loginRequired = () => new AppError('LOGIN_REQUIRED', 401, 'Sign in first', { errorInfo: 'Please sign in first.' });

/** Whole years from a YYYY-MM-DD birthday to `today`. */
function ageOn(birthday: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5) < birthday.slice(5) ? years - 1 : years;
}

export function createClientSubscriptionService({ db, clock }: { db: Database; clock: Clock }) {
  async function languages(requested: Language | null) {
    const organisation = await findOrganisation(db);
    const fallback = defaultLanguageOf(organisation);
    return { organisation, language: requested ?? fallback, fallback };
  }

  return {
    async renewal(clientId: number | null, hash: string, requested: Language | null): Promise<SubscriptionRenewal> {
      if (clientId === null) throw loginRequired();
      const found = await findClientSubscriptionByHash(db, hash);
      if (!found || found.clientSubscription.clientId !== clientId) throw notFound('No such subscription');
      const { clientSubscription, subscription } = found;
      const { organisation, language, fallback } = await languages(requested);
      const today = shopMoment(clock.now(), organisation?.timezone ?? 'Europe/Amsterdam').date;
      const passes = await passesOf(db, clientSubscription.id);
      return {
        id: clientSubscription.id,
        hash: clientSubscription.hash,
        renewable: clientSubscription.renewable,
        expiration: clientSubscription.expiresOn,
        subscription: { id: subscription.id, type: subscription.type, title: translate(subscription.texts, language, fallback).title ?? '' },
        passes: passes.map(({ pass, audienceTexts }) => ({
          id: pass.id,
          audience: { id: pass.audienceId, name: translate(audienceTexts, language, fallback).name ?? '' },
          profile: {
            name: { full: pass.holderName },
            avatar: pass.avatar,
            birthday: pass.birthday,
            age: pass.birthday ? ageOn(pass.birthday, today) : null,
          },
        })),
      };
    },

    async groups(clientId: number | null, requestedId: number, requested: Language | null): Promise<CustomerGroups> {
      if (clientId === null) throw loginRequired();
      if (clientId !== requestedId) throw new AppError('FORBIDDEN', 403, 'These are not your groups');
      const { language, fallback } = await languages(requested);
      return (await groupsOfClient(db, clientId)).map((group) => ({ id: group.id, name: translate(group.texts, language, fallback).name ?? '' }));
    },
  };
}

export type ClientSubscriptionService = ReturnType<typeof createClientSubscriptionService>;
