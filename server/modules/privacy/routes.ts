import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserIdParamsSchema } from '../../../contracts/admin-users.ts';
import { adminEraseBodySchema, consentBodySchema, consentPurposeParamsSchema, consentsResponseSchema, eraseAccountBodySchema, erasureResponseSchema } from '../../../contracts/privacy.ts';
import { shopDate } from '../../../domain/orders.ts';
import { contentResponse } from '../../http/openapi.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { AccountErasure } from './account-erasure.ts';
import type { ConsentLog } from './consent-log.ts';
import { exportPersonalData, type DataExport } from './data-export.ts';
import { dataExportHtml } from './data-export-html.ts';
import type { Database } from '../../db/client.ts';

export interface PrivacyServices {
  db: Database;
  consents: ConsentLog;
  erasure: AccountErasure;
  clock: () => Date;
}

/** Profile → Privacy: consents, the data download and erasing the account; and the admin's erasure on request. */
export const privacyRoutes =
  ({ db, consents, erasure, clock }: PrivacyServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/privacy/consents', { onRequest: requireCustomer, schema: { response: { 200: consentsResponseSchema } } }, async (request) => consents.of(request.user!.id));

    app.put('/privacy/consents/:purpose', { onRequest: requireCustomer, schema: { params: consentPurposeParamsSchema, body: consentBodySchema, response: { 200: consentsResponseSchema } } }, async (request) =>
      consents.set(request.user!.id, request.params.purpose, request.body.granted),
    );

    app.get('/privacy/my-data.json', { onRequest: requireCustomer, schema: { response: { 200: contentResponse('application/json', 'Everything the shop holds about the caller, to download') } } }, async (request, reply) =>
      download(reply, await exportPersonalData(db, request.user!.id, clock()), 'json'),
    );

    app.get('/privacy/my-data.html', { onRequest: requireCustomer, schema: { response: { 200: contentResponse('text/html', 'The same data as a page to read, to download') } } }, async (request, reply) =>
      download(reply, await exportPersonalData(db, request.user!.id, clock()), 'html'),
    );

    app.post('/privacy/erase-account', { onRequest: requireCustomer, schema: { body: eraseAccountBodySchema, response: { 200: erasureResponseSchema } } }, async (request) =>
      erasure.erase(request.user!.id, { by: 'customer', password: request.body.password }),
    );

    app.post('/admin/users/:id/erase', { onRequest: requirePermission('customers.erase'), schema: { params: adminUserIdParamsSchema, body: adminEraseBodySchema, response: { 200: erasureResponseSchema } } }, async (request) =>
      erasure.erase(request.params.id, { by: 'admin', adminId: request.user!.id, reference: request.body.reference }),
    );
  };

/** The export as a file named for the shop day it was made: JSON for programs, HTML to read. */
function download(reply: FastifyReply, data: DataExport, format: 'json' | 'html') {
  return reply
    .header('content-type', format === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8')
    .header('content-disposition', `attachment; filename="deosil-my-data-${shopDate(new Date(data.exportedAt))}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(format === 'json' ? JSON.stringify(data, null, 2) : dataExportHtml(data));
}
