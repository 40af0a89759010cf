/** The public entry of the reports module: day list, reports and CSV exports (read-only). */
export { createReportService, type ReportService } from './reports.service.ts';
export { reportRoutes } from './reports.routes.ts';
