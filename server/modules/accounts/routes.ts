import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  demoAdminResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  profileUpdateResponseSchema,
  registerBodySchema,
  sessionResponseSchema,
  updateProfileBodySchema,
} from '../../../contracts/auth.ts';
import { forgotPasswordBodySchema, resetPasswordBodySchema, verifyEmailBodySchema } from '../../../contracts/account-recovery.ts';
import { forgotPasswordMessage } from '../../../domain/account-links.ts';
import type { AccountService } from './account-service.ts';
import type { SignInSteps } from './sign-in-steps.ts';
import { shopAnswer } from './sign-in-routes.ts';
import type { EmailOwnership } from './email-ownership.ts';
import type { PasswordRecovery } from './password-recovery.ts';
import { requireCustomer } from './auth-plugin.ts';
import type { AddressLimit } from '../../http/address-limit.ts';

export interface DemoAdmin {
  email: string;
  password: string;
}

export const authRoutes =
  (
    accounts: AccountService,
    recovery: PasswordRecovery,
    ownership: EmailOwnership,
    demoAdmin: () => DemoAdmin | null,
    registrationLimit: AddressLimit,
    steps: SignInSteps,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/auth/register', { schema: { body: registerBodySchema, response: { 201: sessionResponseSchema } } }, async (request, reply) => {
      await registrationLimit(request.ip);
      const session = await accounts.register(request.body);
      return reply.status(201).send({ success: true as const, ...session, message: `Welcome to the coven, ${session.user.name}!` });
    });

    // With two-factor sign-in on, the password answers with the code step instead of a session.
    app.post('/auth/login', { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } }, async (request) => {
      return shopAnswer(await steps.atShopDoor(await accounts.checkPassword(request.body, request.ip)), 'Welcome back');
    });

    app.get('/auth/me', { onRequest: requireCustomer, schema: { response: { 200: meResponseSchema } } }, async (request) => ({ success: true as const, user: await accounts.me(request.user!.id) }));

    app.put('/auth/me', { onRequest: requireCustomer, schema: { body: updateProfileBodySchema, response: { 200: profileUpdateResponseSchema } } }, async (request) => {
      const before = request.user!.email;
      const user = await accounts.updateProfile(request.user!.id, request.sessionHash, request.body);
      const message =
        user.email === before
          ? 'Profile updated'
          : `Profile updated. We sent a link to ${user.email} to verify it, and signed out your other sessions.`;
      return { success: true as const, user, message };
    });

    // The same answer whether or not the address has an account: only its inbox learns which.
    app.post('/auth/forgot-password', { schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await recovery.requestReset(request.body);
      return { success: true as const, message: forgotPasswordMessage };
    });

    app.post('/auth/reset-password', { schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await recovery.reset(request.body);
      return { success: true as const, message: 'Your password has been changed and every session signed out. Sign in with the new password.' };
    });

    app.post('/auth/verify-email', { schema: { body: verifyEmailBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      const outcome = await ownership.verify(request.body);
      return { success: true as const, message: outcome === 'verified' ? 'Your e-mail is verified. Blessed be!' : 'Your e-mail is already verified.' };
    });

    app.post('/auth/verify-email/resend', { onRequest: requireCustomer, schema: { response: { 200: messageResponseSchema } } }, async (request) => {
      await ownership.resend(request.user!.id);
      return { success: true as const, message: `A new verification link is on its way to ${request.user!.email}.` };
    });

    app.put('/auth/password', { onRequest: requireCustomer, schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await accounts.changePassword(request.user!.id, request.sessionHash!, request.body);
      return { success: true as const, message: 'Password changed. Every other session has been signed out.' };
    });

    app.post('/auth/logout', { onRequest: requireCustomer, schema: { response: { 200: messageResponseSchema } } }, async (request) => {
      await accounts.logout(request.sessionHash!);
      return { success: true as const, message: 'Signed out' };
    });

    // Public on purpose: the demo admin's credentials are printed on /admin/login, and exist only in demo mode.
    app.get('/auth/demo-admin', { schema: { response: { 200: demoAdminResponseSchema } } }, async () => ({ success: true as const, demo: demoAdmin() }));
  };
