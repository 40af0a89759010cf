/** The public entry of the faq module: what other modules, app.ts and the composition root use. */
export { faqRoutes } from './faq.routes.ts';
export { createFaqService } from './faq.service.ts';
export { faqAdminRoutes } from './faq-admin.routes.ts';
export { createFaqEditing } from './faq-editing.service.ts';
