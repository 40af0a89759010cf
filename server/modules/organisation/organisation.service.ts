/** Reads the organisation's settings as the storefront needs them at start-up. */
import type { Organisation } from '#domain/contracts/organisation.ts';
import type { Language } from '#domain/languages.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { captchaChallengeActive } from '../../security/security-rules.ts';
import { toOrganisation } from './organisation.mapper.ts';
import { answerLanguage } from './shop-locale.ts';
import { countServedCategories, findOrganisation, listAdditions, listCustomerFields } from './organisation.repo.ts';

export function createOrganisationService({ db, config }: { db: Database; config: Pick<Config, 'security'> }) {
  return {
    async getOrganisation(requestedLanguage: Language | null): Promise<Organisation> {
      const organisation = await findOrganisation(db);
      if (!organisation) throw notFound('The shop is not set up yet');
      const [fields, additions, servedCategories] = await Promise.all([listCustomerFields(db), listAdditions(db), countServedCategories(db)]);
      const language = answerLanguage(requestedLanguage, organisation);
      const captchaActive = captchaChallengeActive(organisation, config.security);
      return toOrganisation({ organisation, fields, additions, servedCategories, captchaActive }, language);
    },
  };
}
