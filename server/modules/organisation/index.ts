/** The public entry of the organisation module: what other modules, app.ts and the composition root use. */
export { customerFieldsIn } from './organisation.mapper.ts';
export { findOrganisation, listAdditions } from './organisation.repo.ts';
export { organisationRoutes } from './organisation.routes.ts';
export { createOrganisationService } from './organisation.service.ts';
export { answerLanguage, defaultLanguageOf, loadShopLocale, type ShopLocale } from './shop-locale.ts';
