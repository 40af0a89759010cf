/**
 * GET /day-list            per slot of a day sold/held/free and the attendees (box office and up)
 * GET /day-list.csv        the same as CSV (cells inert against formula injection)
 * GET /reports             sales, visitors, occupancy, gift-card liability over a period of at most a year (manager and up)
 * GET /reports/orders.csv  every order of the period, streamed in keyset pages, at most EXPORT_MAX_ROWS (manager and up)
 * GET /reports/documents.csv  one row per document line (receipts, invoices, credit notes) for the accountant
 */
import { z } from 'zod';
import { dayListSchema, reportSchema } from '#domain/contracts/reports.schema.ts';
import { calendarDate } from '#domain/contracts/calendar-date.ts';
import { periodTooLong, REPORT_MAX_DAYS } from '#domain/backoffice/report-period.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { AppError } from '../../errors.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';

const REPORT_ROLES = STAFF_ACCESS.reports;
const dayQuery = z.object({ date: calendarDate.optional() });
const periodQuery = z.object({ from: calendarDate, to: calendarDate });
const optionalPeriod = z.object({ from: calendarDate.optional(), to: calendarDate.optional() });
const csvResponse = z.string().describe('text/csv; charset=utf-8');

function checkPeriod(from: string | undefined, to: string | undefined) {
  if (from && to && from > to) throw new AppError('VALIDATION_FAILED', 400, 'The period ends before it starts (from after to)');
}

/** A report reads at most REPORT_MAX_DAYS days (src/domain/backoffice/report-period.ts). */
function checkReportPeriod(from: string, to: string) {
  checkPeriod(from, to);
  if (periodTooLong(from, to)) throw new AppError('PERIOD_TOO_LONG', 400, `A report covers at most ${REPORT_MAX_DAYS} days`);
}

export const reportRoutes: ZodRoutes = async (app) => {
  const reports = app.services.reports;

  app.get(
    '/day-list',
    {
      config: { staffRoles: STAFF_ACCESS.orders },
      schema: {
        operationId: 'dayList',
        summary: 'A day’s slots: sold, held, free and the attendees',
        tags: ['backoffice'],
        security: access.staff,
        querystring: dayQuery,
        response: { 200: dayListSchema, ...refusalResponses },
      },
    },
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await reports.dayList(request.query.date, request.requestedLanguage)),
  );

  app.get(
    '/day-list.csv',
    {
      config: { staffRoles: STAFF_ACCESS.orders },
      schema: {
        operationId: 'dayListCsv',
        summary: 'A day’s attendees as CSV',
        tags: ['backoffice'],
        security: access.staff,
        querystring: dayQuery,
        response: { 200: csvResponse, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const csv = await reports.dayListCsv(request.query.date, request.requestedLanguage);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="day-list-${request.query.date ?? 'today'}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/reports',
    {
      config: { staffRoles: REPORT_ROLES },
      schema: {
        operationId: 'salesReport',
        summary: 'Sales, visitors, slot occupancy and gift-card liability over a period',
        tags: ['backoffice'],
        security: access.staff,
        querystring: periodQuery,
        response: { 200: reportSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      checkReportPeriod(request.query.from, request.query.to);
      return reply.header('cache-control', 'private, no-store').send(await reports.report(request.query.from, request.query.to));
    },
  );

  app.get(
    '/reports/orders.csv',
    {
      config: { staffRoles: REPORT_ROLES },
      schema: {
        operationId: 'ordersCsv',
        summary: 'Every order of a period as CSV, streamed',
        tags: ['backoffice'],
        security: access.staff,
        querystring: optionalPeriod,
        response: { 200: csvResponse, ...refusalResponses },
      },
    },
    async (request, reply) => {
      checkPeriod(request.query.from, request.query.to);
      const csv = await reports.ordersCsv(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv as unknown as string);
    },
  );

  app.get(
    '/reports/documents.csv',
    {
      config: { staffRoles: REPORT_ROLES },
      schema: {
        operationId: 'documentLinesCsv',
        summary: 'Every document line of a period as CSV, streamed (for the accountant)',
        tags: ['backoffice'],
        security: access.staff,
        querystring: optionalPeriod,
        response: { 200: csvResponse, ...refusalResponses },
      },
    },
    async (request, reply) => {
      checkPeriod(request.query.from, request.query.to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="document-lines.csv"')
        .header('cache-control', 'private, no-store')
        .send(reports.documentLinesCsv(request.query) as unknown as string);
    },
  );
};
