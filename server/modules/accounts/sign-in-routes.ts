import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponseSchema, messageResponseSchema } from '../../../contracts/auth.ts';
import { linkLoginResponseSchema, redeemSignInLinkBodySchema, signInCodeBodySchema, signInLinkBodySchema, verifySignInCodeBodySchema } from '../../../contracts/sign-in.ts';
import type { PasswordlessSignIn } from './passwordless-sign-in.ts';
import type { ShopStep, SignInSteps } from './sign-in-steps.ts';

/** The shop's answer to a first factor (a password, a code, a link): a session, or with two-factor sign-in on, the code step. */
export const shopAnswer = (step: ShopStep, greeting = 'Welcome') =>
  step.kind === 'code'
    ? { success: true as const, twoFactor: 'code' as const, challenge: step.challenge, message: 'Type the code your authenticator app shows.' }
    : { success: true as const, token: step.token, user: step.user, message: `${greeting}, ${step.name}!` };

/** 'Text me a code' and 'Email me a sign-in link': the sign-in window's ways in without a password. */
export const signInRoutes =
  (signIn: PasswordlessSignIn, steps: SignInSteps): FastifyPluginAsyncZod =>
  async (app) => {
    // The same answer for any number: only its holder learns whether a code came.
    app.post('/auth/sign-in/code', { schema: { body: signInCodeBodySchema, response: { 200: messageResponseSchema } } }, async (request) => ({
      success: true as const,
      message: await signIn.sendCode(request.body, request.ip),
    }));

    app.post('/auth/sign-in/code/verify', { schema: { body: verifySignInCodeBodySchema, response: { 200: loginResponseSchema } } }, async (request) =>
      shopAnswer(await steps.atShopDoor(await signIn.verifyCode(request.body))),
    );

    app.post('/auth/sign-in/link', { schema: { body: signInLinkBodySchema, response: { 200: messageResponseSchema } } }, async (request) => ({
      success: true as const,
      message: await signIn.sendLink(request.body, request.ip),
    }));

    app.post('/auth/sign-in/link/redeem', { schema: { body: redeemSignInLinkBodySchema, response: { 200: linkLoginResponseSchema } } }, async (request) => {
      const { row, returnTo } = await signIn.redeemLink(request.body);
      return { ...shopAnswer(await steps.atShopDoor(row)), returnTo };
    });
  };
