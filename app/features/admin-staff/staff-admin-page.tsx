import { useState } from 'react';
import type { StaffOverviewResponse } from '../../../contracts/staff.ts';
import { AdminScreen, ListError, useAdminSession, useCan } from '../admin/index.ts';
import { Field, TextField } from '../../components/form.tsx';
import { useStaffAdmin } from './use-staff-admin.ts';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-IN', {
        timeZone: 'Asia/Kolkata',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : 'never';

/** The owner's staff screen: who works in the back office as what, invitations, roles and the sign-in rules. */
export function StaffAdminPage() {
  const staff = useStaffAdmin();
  const data = staff.overview.data;
  const can = useCan();
  return (
    <AdminScreen eyebrow="The coven's keepers" title="Staff">
      <ListError error={staff.overview.error} prefix="" />
      {data ? (
        <>
          <InviteForm roles={data.roles} onInvite={(body) => staff.invite.mutateAsync(body)} busy={staff.invite.isPending} />
          <section aria-labelledby="staff-members">
            <h2 id="staff-members" className="mb-2 text-lg text-gold-bright">
              Members
            </h2>
            <ul className="space-y-2" aria-label="Staff members">
              {data.staff.map((member) => (
                <MemberRow key={member.id} member={member} roles={data.roles} staff={staff} />
              ))}
            </ul>
            {data.invitations.length > 0 ? (
              <>
                <h3 className="mt-4 text-sm text-gold">Invitations waiting</h3>
                <ul className="mt-2 space-y-1 text-sm text-ash">
                  {data.invitations.map((invitation) => (
                    <li key={invitation.email}>
                      <span className="text-mist">{invitation.name}</span> ({invitation.email}) as{' '}
                      {data.roles.find((role) => role.key === invitation.role)?.name ?? invitation.role}, until {when(invitation.expiresAt)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
          <RolesSection data={data} onCreate={(body) => staff.createRole.mutateAsync(body)} busy={staff.createRole.isPending} />
          {can('settings.write') ? <RulesSection settings={data.settings} onSave={(body) => staff.saveSettings.mutate(body)} busy={staff.saveSettings.isPending} /> : null}
        </>
      ) : null}
    </AdminScreen>
  );
}

type Staff = ReturnType<typeof useStaffAdmin>;
type Data = StaffOverviewResponse;

function InviteForm({ roles, onInvite, busy }: { roles: Data['roles']; onInvite(body: { email: string; name: string; role: string }): Promise<unknown>; busy: boolean }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('fulfilment');
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await onInvite({ email, name, role }).then(
      () => (setEmail(''), setName('')),
      () => undefined,
    );
  };
  return (
    <form className="panel grid gap-3 p-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end" onSubmit={submit} aria-label="Invite a staff member">
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <TextField label="E-mail" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <Field label="Role">
        {(control) => (
          <select {...control} className="field" value={role} onChange={(event) => setRole(event.target.value)}>
            {roles.map((option) => (
              <option key={option.key} value={option.key}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="btn-gold py-2.5" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}

function MemberRow({ member, roles, staff }: { member: Data['staff'][number]; roles: Data['roles']; staff: Staff }) {
  const me = useAdminSession((state) => state.admin);
  const self = me?.email === member.email;
  const suspended = member.status !== 'active';
  return (
    <li className="panel flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-testid="staff-member">
      <div className="min-w-0 flex-1">
        <p className="truncate text-mist">
          {member.name} {self ? <span className="text-xs text-ash">(you)</span> : null}
          {suspended ? <span className="ml-2 rounded-full border border-blood/60 px-2 py-0.5 text-xs text-blood">suspended</span> : null}
        </p>
        <p className="truncate text-xs text-ash">{member.email}</p>
        <p className="text-xs text-ash">
          Last sign-in {when(member.lastLoginAt)} · {member.twoFactor ? 'authenticator linked' : 'no authenticator yet'}
        </p>
      </div>
      <label className="text-sm text-mist">
        <span className="sr-only">Role of {member.name}</span>
        <select
          className="field"
          value={member.role}
          disabled={self || staff.changeRole.isPending}
          onChange={(event) => staff.changeRole.mutate({ id: member.id, role: event.target.value })}
        >
          {roles.map((role) => (
            <option key={role.key} value={role.key}>
              {role.name}
            </option>
          ))}
        </select>
      </label>
      {self ? null : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-ghost text-xs"
            onClick={() =>
              staff.setStatus.mutate({
                id: member.id,
                status: suspended ? 'active' : 'suspended',
              })
            }
          >
            {suspended ? 'Reactivate' : 'Suspend'}
          </button>
          {member.twoFactor ? (
            <button type="button" className="btn-ghost text-xs" onClick={() => staff.resetTwoFactor.mutate(member.id)}>
              Reset authenticator
            </button>
          ) : null}
          <button
            type="button"
            className="btn-ghost border-blood/60 text-xs text-blood"
            onClick={() => {
              if (window.confirm(`Remove ${member.name} from the staff? They are signed out everywhere at once.`)) staff.remove.mutate(member.id);
            }}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

function RolesSection({ data, onCreate, busy }: { data: Data; onCreate(body: { key: string; name: string; permissions: string[] }): Promise<unknown>; busy: boolean }) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, 'r-$1');
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await onCreate({ key, name, permissions: chosen }).then(
      () => (setName(''), setChosen([])),
      () => undefined,
    );
  };
  return (
    <section aria-labelledby="staff-roles" className="space-y-3">
      <h2 id="staff-roles" className="text-lg text-gold-bright">
        Roles
      </h2>
      <ul className="grid gap-2 md:grid-cols-2">
        {data.roles.map((role) => (
          <li key={role.key} className="panel p-3 text-sm">
            <p className="text-mist">
              {role.name} {role.builtIn ? <span className="text-xs text-ash">built in</span> : null}
            </p>
            <p className="mt-1 break-words text-xs text-ash">{role.permissions.join(', ')}</p>
          </li>
        ))}
      </ul>
      <form className="panel space-y-3 p-4" onSubmit={submit} aria-label="Create a role">
        <TextField label="New role's name" value={name} onChange={(event) => setName(event.target.value)} />
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm text-mist">Permissions</legend>
          {data.permissions.map((permission) => (
            <label key={permission.name} className="flex items-start gap-2 text-xs text-ash">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={chosen.includes(permission.name)}
                onChange={(event) => setChosen((current) => (event.target.checked ? [...current, permission.name] : current.filter((name) => name !== permission.name)))}
              />
              <span>
                <code className="text-mist">{permission.name}</code> {permission.description}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn-gold py-2" disabled={busy || !name.trim() || chosen.length === 0}>
          Create role
        </button>
      </form>
    </section>
  );
}

function RulesSection({ settings, onSave, busy }: { settings: Data['settings']; onSave(body: { requireTwoFactor?: boolean; supportRefundLimit?: number }): void; busy: boolean }) {
  const [limit, setLimit] = useState(String(settings.supportRefundLimit));
  return (
    <section aria-labelledby="staff-rules" className="panel space-y-3 p-4">
      <h2 id="staff-rules" className="text-lg text-gold-bright">
        Sign-in and refund rules
      </h2>
      <label className="flex items-center gap-2 text-sm text-mist">
        <input type="checkbox" checked={settings.requireTwoFactor} disabled={busy} onChange={(event) => onSave({ requireTwoFactor: event.target.checked })} />
        Every staff member signs in with a code from an authenticator app
      </label>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ supportRefundLimit: Number(limit) });
        }}
      >
        <TextField label="Largest refund without a manager (₹)" inputMode="decimal" value={limit} onChange={(event) => setLimit(event.target.value)} />
        <button type="submit" className="btn-ghost py-2" disabled={busy}>
          Save limit
        </button>
      </form>
    </section>
  );
}
