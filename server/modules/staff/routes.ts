import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginBodySchema, adminLoginResponseSchema, adminMeResponseSchema, messageResponseSchema } from '../../../contracts/auth.ts';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  createRoleBodySchema,
  enrolmentBodySchema,
  enrolmentConfirmBodySchema,
  enrolmentResponseSchema,
  invitationResponseSchema,
  invitationTokenBodySchema,
  inviteStaffBodySchema,
  openInvitationResponseSchema,
  ownEnrolmentConfirmBodySchema,
  recoveryCodesResponseSchema,
  secondFactorBodySchema,
  signedInWithRecoveryCodesSchema,
  staffIdParamsSchema,
  staffOverviewResponseSchema,
  staffRoleBodySchema,
  staffRoleResponseSchema,
  staffSettingsBodySchema,
  staffSettingsResponseSchema,
  staffStatusBodySchema,
} from '../../../contracts/staff.ts';
import { paiseToRupees, rupeesToPaise } from '../../../domain/money.ts';
import { PERMISSION_NAMES, PERMISSIONS } from '../../../domain/staff-roles.ts';
import type { Database } from '../../db/client.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { SignInSteps } from '../accounts/sign-in-steps.ts';
import { requirePermission, requireStaff } from '../accounts/auth-plugin.ts';
import type { Actor, StaffDirectory } from './staff-directory.ts';
import { adminIdentityOf, loadStaffIdentity } from './staff-identity.ts';
import type { StaffRules, StaffSettings } from './staff-settings.ts';
import type { TwoFactor } from './two-factor.ts';

export interface StaffRouteDeps {
  db: Database;
  accounts: AccountService;
  signIn: SignInSteps;
  directory: StaffDirectory;
  settings: StaffSettings;
  twoFactor: TwoFactor;
}

const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, name: request.user!.name, staff: request.user!.staff! });
const settingsDto = (rules: StaffRules) => ({ requireTwoFactor: rules.requireTwoFactor, supportRefundLimit: paiseToRupees(rules.supportRefundLimitPaise) });

/** The back office's door (password, then the second factor), its staff screen and the invitation link. */
export const staffRoutes =
  ({ db, accounts, signIn, directory, settings, twoFactor }: StaffRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = async (token: string, row: { id: string; name: string; email: string }) => ({
      success: true as const,
      admin: adminIdentityOf(row, await loadStaffIdentity(db, row.id)),
      token,
      message: `Welcome, ${row.name}`,
    });

    app.post('/admin/login', { schema: { body: adminLoginBodySchema, response: { 200: adminLoginResponseSchema } } }, async (request) => {
      const step = await signIn.password(request.body, request.ip, 'admin');
      if (step.kind === 'signed-in') return signedIn(step.token, step.row);
      const message = step.kind === 'code' ? 'Type the code your authenticator app shows.' : 'Set up your authenticator app to finish signing in.';
      return { success: true as const, twoFactor: step.kind, challenge: step.challenge, message };
    });

    app.post('/admin/login/second-factor', { schema: { body: secondFactorBodySchema, response: { 200: adminLoginResponseSchema } } }, async (request) => {
      const { token, row } = await signIn.secondFactor(request.body.challenge, request.body.code, 'admin');
      return signedIn(token, row);
    });

    app.post('/admin/login/enrolment', { schema: { body: enrolmentBodySchema, response: { 200: enrolmentResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await signIn.beginEnrolment(request.body.challenge)),
    }));

    app.post('/admin/login/enrolment/confirm', { schema: { body: enrolmentConfirmBodySchema, response: { 200: signedInWithRecoveryCodesSchema } } }, async (request) => {
      const { token, row, recoveryCodes } = await signIn.confirmEnrolment(request.body.challenge, request.body.code);
      return { ...(await signedIn(token, row)), recoveryCodes };
    });

    app.get('/admin/me', { onRequest: requireStaff, schema: { response: { 200: adminMeResponseSchema } } }, async (request) => ({
      success: true as const,
      admin: adminIdentityOf(request.user!, request.user!.staff!),
    }));

    app.post('/admin/logout', { onRequest: requireStaff, schema: { response: { 200: messageResponseSchema } } }, async (request) => {
      await accounts.logout(request.sessionHash!);
      return { success: true as const, message: 'Signed out' };
    });

    // A signed-in staff member may set up the second factor before the shop requires it.
    app.post('/admin/two-factor', { onRequest: requireStaff, schema: { response: { 200: enrolmentResponseSchema } } }, async (request) => ({
      success: true as const,
      ...(await twoFactor.begin(request.user!.id, request.user!.email)),
    }));

    app.post('/admin/two-factor/confirm', { onRequest: requireStaff, schema: { body: ownEnrolmentConfirmBodySchema, response: { 200: recoveryCodesResponseSchema } } }, async (request) => ({
      success: true as const,
      recoveryCodes: await twoFactor.confirm(request.user!.id, request.body.code),
      message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.',
    }));

    app.get('/admin/staff', { onRequest: requirePermission('staff.manage'), schema: { response: { 200: staffOverviewResponseSchema } } }, async () => ({
      success: true as const,
      staff: await directory.members(),
      invitations: await directory.pendingInvitations(),
      roles: (await directory.roles()).map((role) => ({ ...role, permissions: [...role.permissions] })),
      permissions: PERMISSION_NAMES.map((name) => ({ name, description: PERMISSIONS[name] })),
      settings: settingsDto(await settings.current()),
    }));

    app.post('/admin/staff/invitations', { onRequest: requirePermission('staff.manage'), schema: { body: inviteStaffBodySchema, response: { 201: invitationResponseSchema } } }, async (request, reply) => {
      const invitation = await directory.invite(actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, invitation, message: `Invitation sent to ${invitation.email}` });
    });

    app.post('/admin/staff/roles', { onRequest: requirePermission('staff.manage'), schema: { body: createRoleBodySchema, response: { 201: staffRoleResponseSchema } } }, async (request, reply) => {
      const role = await directory.createRole(actorOf(request), { ...request.body, permissions: request.body.permissions.filter((name) => PERMISSION_NAMES.includes(name as never)) as never });
      return reply.status(201).send({ success: true as const, role: { ...role, permissions: [...role.permissions] }, message: `Role ${role.name} created` });
    });

    app.put('/admin/staff/:id/role', { onRequest: requirePermission('staff.manage'), schema: { params: staffIdParamsSchema, body: staffRoleBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await directory.changeRole(actorOf(request), request.params.id, request.body.role);
      return { success: true as const, message: 'Role changed' };
    });

    app.put('/admin/staff/:id/status', { onRequest: requirePermission('staff.manage'), schema: { params: staffIdParamsSchema, body: staffStatusBodySchema, response: { 200: messageResponseSchema } } }, async (request) => {
      const suspended = request.body.status === 'suspended';
      await directory.setSuspended(actorOf(request), request.params.id, suspended);
      return { success: true as const, message: suspended ? 'Suspended and signed out everywhere' : 'Reactivated' };
    });

    app.delete('/admin/staff/:id', { onRequest: requirePermission('staff.manage'), schema: { params: staffIdParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await directory.remove(actorOf(request), request.params.id);
      return { success: true as const, message: 'Removed from the staff and signed out everywhere' };
    });

    app.post('/admin/staff/:id/two-factor-reset', { onRequest: requirePermission('staff.manage'), schema: { params: staffIdParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
      await directory.resetTwoFactor(actorOf(request), request.params.id);
      return { success: true as const, message: 'Two-factor sign-in cleared: they set it up again at their next sign-in' };
    });

    app.put('/admin/staff/settings', { onRequest: requirePermission('settings.write'), schema: { body: staffSettingsBodySchema, response: { 200: staffSettingsResponseSchema } } }, async (request) => {
      const { requireTwoFactor, supportRefundLimit } = request.body;
      const rules = await settings.change({
        ...(requireTwoFactor !== undefined ? { requireTwoFactor } : {}),
        ...(supportRefundLimit !== undefined ? { supportRefundLimitPaise: rupeesToPaise(supportRefundLimit) } : {}),
      });
      return { success: true as const, settings: settingsDto(rules), message: 'Saved' };
    });

    app.post('/admin/invitations/open', { schema: { body: invitationTokenBodySchema, response: { 200: openInvitationResponseSchema } } }, async (request) => ({
      success: true as const,
      invitation: await directory.openInvitation(request.body.token),
    }));

    app.post('/admin/invitations/accept', { schema: { body: acceptInvitationBodySchema, response: { 200: acceptInvitationResponseSchema } } }, async (request) => {
      const userId = await directory.acceptInvitation(request.body.token, request.body.password);
      return {
        success: true as const,
        twoFactor: 'enrol' as const,
        challenge: await signIn.challenge(userId, 'enrol'),
        message: 'Your password is set. Now link your authenticator app.',
      };
    });
  };
