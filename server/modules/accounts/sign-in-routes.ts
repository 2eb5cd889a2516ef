import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema, sessionResponseSchema } from '../../../contracts/auth.ts';
import { linkSessionResponseSchema, redeemSignInLinkBodySchema, signInCodeBodySchema, signInLinkBodySchema, verifySignInCodeBodySchema } from '../../../contracts/sign-in.ts';
import type { PasswordlessSignIn } from './passwordless-sign-in.ts';

/** 'Text me a code' and 'Email me a sign-in link': the sign-in window's ways in without a password. */
export const signInRoutes =
  (signIn: PasswordlessSignIn): FastifyPluginAsyncZod =>
  async (app) => {
    // The same answer for any number: only its holder learns whether a code came.
    app.post('/auth/sign-in/code', { schema: { body: signInCodeBodySchema, response: { 200: messageResponseSchema } } }, async (request) => ({
      success: true as const,
      message: await signIn.sendCode(request.body, request.ip),
    }));

    app.post('/auth/sign-in/code/verify', { schema: { body: verifySignInCodeBodySchema, response: { 200: sessionResponseSchema } } }, async (request) => {
      const { token, user } = await signIn.verifyCode(request.body);
      return { success: true as const, token, user, message: `Welcome, ${user.name}!` };
    });

    app.post('/auth/sign-in/link', { schema: { body: signInLinkBodySchema, response: { 200: messageResponseSchema } } }, async (request) => ({
      success: true as const,
      message: await signIn.sendLink(request.body, request.ip),
    }));

    app.post('/auth/sign-in/link/redeem', { schema: { body: redeemSignInLinkBodySchema, response: { 200: linkSessionResponseSchema } } }, async (request) => {
      const { token, user, returnTo } = await signIn.redeemLink(request.body);
      return { success: true as const, token, user, returnTo, message: `Welcome, ${user.name}!` };
    });
  };
