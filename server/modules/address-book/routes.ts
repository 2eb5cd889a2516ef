import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contracts/api.ts';
import { savedAddressInputSchema, savedAddressListResponseSchema, savedAddressParamsSchema, savedAddressResponseSchema } from '../../../contracts/address-book.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import type { AddressBook } from './address-book.ts';

/** The signed-in customer's address book: the profile manages it, the checkout chooses from it. */
export const addressBookRoutes =
  (book: AddressBook): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/addresses', { onRequest: requireCustomer, schema: { response: { 200: savedAddressListResponseSchema } } }, async (request) => ({
      success: true as const,
      addresses: await book.list(request.user!.id),
    }));

    app.post('/addresses', { onRequest: requireCustomer, schema: { body: savedAddressInputSchema, response: { 201: savedAddressResponseSchema } } }, async (request, reply) => {
      const address = await book.add(request.user!.id, request.body);
      return reply.status(201).send({ success: true as const, address, message: `${address.label} saved to your address book` });
    });

    app.put(
      '/addresses/:id',
      { onRequest: requireCustomer, schema: { params: savedAddressParamsSchema, body: savedAddressInputSchema, response: { 200: savedAddressResponseSchema } } },
      async (request) => {
        const address = await book.update(request.user!.id, request.params.id, request.body);
        return { success: true as const, address, message: `${address.label} updated` };
      },
    );

    app.delete('/addresses/:id', { onRequest: requireCustomer, schema: { params: savedAddressParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await book.remove(request.user!.id, request.params.id);
      return { success: true as const, message: 'Address deleted' };
    });
  };
