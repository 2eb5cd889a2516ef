import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginBodySchema, changePasswordBodySchema, loginBodySchema, registerBodySchema, updateProfileBodySchema } from '../../../contracts/auth.ts';
import { forgotPasswordBodySchema, resetPasswordBodySchema, verifyEmailBodySchema } from '../../../contracts/account-recovery.ts';
import { forgotPasswordMessage } from '../../../domain/account-links.ts';
import type { AccountService } from './account-service.ts';
import type { EmailOwnership } from './email-ownership.ts';
import type { PasswordRecovery } from './password-recovery.ts';
import { requireCustomer } from './auth-plugin.ts';
import type { AddressLimit } from '../../http/address-limit.ts';

export interface DemoAdmin {
  email: string;
  password: string;
}

export const authRoutes =
  (accounts: AccountService, recovery: PasswordRecovery, ownership: EmailOwnership, demoAdmin: () => DemoAdmin | null, registrationLimit: AddressLimit): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/auth/register', { schema: { body: registerBodySchema } }, async (request, reply) => {
      await registrationLimit(request.ip);
      const session = await accounts.register(request.body);
      return reply.status(201).send({ success: true, ...session, message: `Welcome to the coven, ${session.user.name}!` });
    });

    app.post('/auth/login', { schema: { body: loginBodySchema } }, async (request) => {
      const { token, user } = await accounts.login(request.body, request.ip);
      return { success: true, token, user, message: `Welcome back, ${user.name}!` };
    });

    app.get('/auth/me', { onRequest: requireCustomer }, async (request) => ({ success: true, user: await accounts.me(request.user!.id) }));

    app.put('/auth/me', { onRequest: requireCustomer, schema: { body: updateProfileBodySchema } }, async (request) => {
      const before = request.user!.email;
      const user = await accounts.updateProfile(request.user!.id, request.sessionHash, request.body);
      const message =
        user.email === before
          ? 'Profile updated'
          : `Profile updated. We sent a link to ${user.email} to verify it, and signed out your other sessions.`;
      return { success: true, user, message };
    });

    // The same answer whether or not the address has an account: only its inbox learns which.
    app.post('/auth/forgot-password', { schema: { body: forgotPasswordBodySchema } }, async (request) => {
      await recovery.requestReset(request.body);
      return { success: true, message: forgotPasswordMessage };
    });

    app.post('/auth/reset-password', { schema: { body: resetPasswordBodySchema } }, async (request) => {
      await recovery.reset(request.body);
      return { success: true, message: 'Your password has been changed and every session signed out. Sign in with the new password.' };
    });

    app.post('/auth/verify-email', { schema: { body: verifyEmailBodySchema } }, async (request) => {
      const outcome = await ownership.verify(request.body);
      return { success: true, message: outcome === 'verified' ? 'Your e-mail is verified. Blessed be!' : 'Your e-mail is already verified.' };
    });

    app.post('/auth/verify-email/resend', { onRequest: requireCustomer }, async (request) => {
      await ownership.resend(request.user!.id);
      return { success: true, message: `A new verification link is on its way to ${request.user!.email}.` };
    });

    app.put('/auth/password', { onRequest: requireCustomer, schema: { body: changePasswordBodySchema } }, async (request) => {
      await accounts.changePassword(request.user!.id, request.sessionHash!, request.body);
      return { success: true, message: 'Password changed. Every other session has been signed out.' };
    });

    app.post('/auth/logout', { onRequest: requireCustomer }, async (request) => {
      await accounts.logout(request.sessionHash!);
      return { success: true, message: 'Signed out' };
    });

    // Public on purpose: the demo admin's credentials are printed on /admin/login, and exist only in demo mode.
    app.get('/auth/demo-admin', async () => ({ success: true, demo: demoAdmin() }));

    app.post('/admin/login', { schema: { body: adminLoginBodySchema } }, async (request) => {
      const { token, row } = await accounts.login(request.body, request.ip, { adminOnly: true });
      return { success: true, admin: { name: row.name, role: 'admin' as const, email: row.email }, token, message: `Welcome, ${row.name}` };
    });

    app.get('/admin/me', async (request) => {
      const user = request.user!;
      return { success: true, admin: { name: user.name, role: 'admin' as const, email: user.email } };
    });

    app.post('/admin/logout', async (request) => {
      await accounts.logout(request.sessionHash!);
      return { success: true, message: 'Signed out' };
    });
  };
