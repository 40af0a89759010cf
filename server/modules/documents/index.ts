/** The public entry of the documents module: receipts, invoices and credit notes (issue, list, render, mail). */
export { createDocumentIssue, type DocumentIssue } from './document-issue.ts';
export { createDocumentService, documentPdfAttachment, type DocumentService, type DocumentMailer } from './document.service.ts';
export { documentRoutes } from './document.routes.ts';
export { documentAdminRoutes } from './document-admin.routes.ts';
export { renderDocumentPdf } from './document-pdf.ts';
