/** The public entry of the organisation module: what other modules, app.ts and the composition root use. */
export { customerFieldsIn } from './organisation.mapper.ts';
export { findOrganisation, listAdditions } from './organisation.repo.ts';
export { organisationRoutes } from './organisation.routes.ts';
export { createOrganisationService } from './organisation.service.ts';
export { answerLanguage, defaultLanguageOf, loadShopLocale, type ShopLocale } from './shop-locale.ts';
export { createAdditionEditing } from './addition-editing.service.ts';
export { contentVersion, staleContent } from './content-version.ts';
export { createCustomerFieldEditing } from './customer-field-editing.service.ts';
export { organisationAdminRoutes } from './organisation-admin.routes.ts';
export { taxRuleAdminRoutes } from './tax-rule-admin.routes.ts';
export { createTaxRuleEditing } from './tax-rule-editing.service.ts';
export { createOrganisationEditing } from './organisation-editing.service.ts';
export { cleanTexts, lockedShopLanguages, shopLanguages, type ShopLanguages } from './shop-texts.ts';
