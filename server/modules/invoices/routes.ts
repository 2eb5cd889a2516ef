import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '../../../contracts/orders.ts';
import { text } from '../../../contracts/fields.ts';
import { contentResponse } from '../../http/openapi.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { TaxDocumentFiles } from './tax-documents.ts';

const creditNoteParamsSchema = orderIdParamsSchema.extend({
  /** The credit note's number with '-' for '/': DPCN-2627-000007. */
  number: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,16}$/, { error: 'number must be a credit note number such as DPCN-2627-000007' }),
});

/** The order's tax invoice and credit notes as PDF, for its owner and admins. */
export const taxDocumentRoutes =
  (files: TaxDocumentFiles): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/orders/:orderId/invoice.pdf', { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, response: { 200: contentResponse('application/pdf', "The order's tax invoice, to download") } } }, async (request, reply) => {
      const { filename, pdf } = await files.invoiceFor(request.user!, request.params.orderId);
      return pdfReply(reply, filename, pdf);
    });

    app.get('/orders/:orderId/credit-notes/:number.pdf', { onRequest: requireCustomer, schema: { params: creditNoteParamsSchema, response: { 200: contentResponse('application/pdf', 'The credit note, to download') } } }, async (request, reply) => {
      const { filename, pdf } = await files.creditNoteFor(request.user!, request.params.orderId, request.params.number);
      return pdfReply(reply, filename, pdf);
    });
  };

function pdfReply(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
