/** The public entry of the back office's catalogue editor (issue 20 items 3 and 5). */
export { catalogueEditorRoutes, mediaRoutes } from './catalogue-editor.routes.ts';
export { createCatalogueEditorService, type CatalogueEditorService } from './catalogue-editor.service.ts';
export { salesEditorRoutes } from './sales-editor.routes.ts';
export { createSalesEditorService, type SalesEditorService } from './sales-editor.service.ts';
export { cleanTexts, type ShopLanguages } from './editor-texts.ts';
