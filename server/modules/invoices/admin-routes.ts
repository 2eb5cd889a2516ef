import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentResponse } from '../../http/openapi.ts';
import { gstReportCsvParamsSchema, gstReportQuerySchema, gstReportResponseSchema } from '../../../contracts/gst-report.ts';
import type { GstReports } from './gst-reports.ts';
import { requirePermission } from '../accounts/auth-plugin.ts';

/** The monthly GST report and its CSVs; under /api/admin, so admin only. */
export const gstReportRoutes =
  (reports: GstReports): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/reports/gst', { onRequest: requirePermission('tax.read'), schema: { querystring: gstReportQuerySchema, response: { 200: gstReportResponseSchema } } }, async (request) => reports.json(request.query.month));

    app.get('/admin/reports/gst/:part.csv', { onRequest: requirePermission('tax.read'), schema: { params: gstReportCsvParamsSchema, querystring: gstReportQuerySchema, response: { 200: contentResponse('text/csv', "One part of the month's GST report as CSV, to download") } } }, async (request, reply) => {
      const { month } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${request.params.part}-${month}.csv"`)
        .send(await reports.csv(month, request.params.part));
    });
  };
