import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema, sessionResponseSchema } from '../../../contracts/auth.ts';
import {
  enrolmentResponseSchema,
  ownEnrolmentConfirmBodySchema,
  recoveryCodesResponseSchema,
  secondFactorBodySchema,
  turnOffTwoFactorBodySchema,
  twoFactorStatusResponseSchema,
} from '../../../contracts/staff.ts';
import { requireCustomer } from './auth-plugin.ts';
import type { OwnTwoFactor } from './own-two-factor.ts';
import type { SignInSteps } from './sign-in-steps.ts';

/** The shop's code step after the first factor, and a customer's own two-factor sign-in in the profile. */
export const twoFactorRoutes =
  (steps: SignInSteps, own: OwnTwoFactor): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/auth/login/second-factor', { schema: { body: secondFactorBodySchema, response: { 200: sessionResponseSchema } } }, async (request) => {
      const { token, user } = await steps.shopSecondFactor(request.body.challenge, request.body.code);
      return { success: true as const, token, user, message: `Welcome back, ${user.name}!` };
    });

    app.get('/auth/two-factor', { onRequest: requireCustomer, schema: { response: { 200: twoFactorStatusResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await own.status(request.user!.id)),
    }));

    app.post('/auth/two-factor', { onRequest: requireCustomer, schema: { response: { 200: enrolmentResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await own.begin(request.user!)),
    }));

    app.post('/auth/two-factor/confirm', { onRequest: requireCustomer, schema: { body: ownEnrolmentConfirmBodySchema, response: { 200: recoveryCodesResponseSchema } } }, async (request) => ({
      success: true as const,
      recoveryCodes: await own.confirm(request.user!, request.body.code),
      message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.',
    }));

    app.post('/auth/two-factor/off', { onRequest: requireCustomer, schema: { body: turnOffTwoFactorBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await own.turnOff(request.user!, request.body);
      return { success: true as const, message: 'Two-factor sign-in is off. Your password alone signs you in again.' };
    });
  };
