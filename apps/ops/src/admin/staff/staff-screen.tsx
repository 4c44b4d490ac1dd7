import { useState, type FormEvent } from 'react';
import { needsBranches, pickText, STAFF_ROLES, type StaffRole } from '@dasturxon/domain';
import type { AdminBranch, AdminStaffList, AdminStaffMember, StaffWithPassword } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { useSession } from '../../session.ts';
import { btn, Dialog, ErrorNote, field, Loading, useLoad } from '../../ui.tsx';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { Field, SaveBar } from '../form.tsx';
import { branchesToSend, branchSummary, lacksBranches } from './staff-view.ts';

type Editing = { kind: 'invite' } | { kind: 'edit'; member: AdminStaffMember } | null;
type Action = 'reset-password' | 'disable' | 'enable';

/**
 * The brand's staff (issue 28, area `staff`: the owner): every member with their role and branches; invite one by
 * phone (the one-time password shown once), change a member's name, role and branches, reset their password,
 * disable and enable them. The owners' rules are the server's (nobody disables or demotes themselves).
 */
export function StaffScreen() {
  const tr = useT();
  const members = useLoad(() => adminCall<AdminStaffList>('GET', '/staff'), []);
  const branches = useLoad(() => adminCall<{ content: AdminBranch[] }>('GET', '/branches'), []);
  const [editing, setEditing] = useState<Editing>(null);
  const [given, setGiven] = useState<StaffWithPassword | null>(null);

  if (members.loading && !members.data) return <Loading />;
  if (members.error) return <ErrorNote error={members.error} onRetry={members.reload} />;
  const all = members.data?.content ?? [];
  const branchList = (branches.data?.content ?? []).filter((b) => !b.deleted);
  const branchName = (id: string) => {
    const branch = branches.data?.content.find((b) => b.id === id);
    return branch ? pickText(branch.name, tr.content) || branch.address : id.slice(0, 8);
  };
  const done = (member?: AdminStaffMember) => {
    members.reload();
    setEditing(member ? { kind: 'edit', member } : null);
  };

  return (
    <div className="flex flex-col gap-4" data-testid="staff-screen">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{tr.t('admin.nav.staff')}</h1>
        <button type="button" className={btn.primary} data-testid="staff-invite" onClick={() => setEditing({ kind: 'invite' })}>
          {tr.t('admin.staff.invite')}
        </button>
      </div>
      {branches.error ? <ErrorNote error={branches.error} onRetry={branches.reload} /> : null}

      {editing && (
        <MemberForm
          key={editing.kind === 'edit' ? `${editing.member.id}:${editing.member.version}` : 'invite'}
          member={editing.kind === 'edit' ? editing.member : null}
          branches={branchList}
          onInvited={(answer) => {
            setGiven(answer);
            done(answer.member);
          }}
          onSaved={done}
          onReload={async () => {
            if (editing.kind !== 'edit') return;
            const fresh = await adminCall<AdminStaffMember>('GET', `/staff/${editing.member.id}`);
            done(fresh);
          }}
          onCancel={() => setEditing(null)}
        />
      )}

      <ul className="flex flex-col gap-2" data-testid="staff-list">
        {all.map((member) => (
          <li
            key={member.id}
            data-testid="staff-member"
            data-phone={member.phone}
            className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border bg-white p-3 ${member.isActive ? 'border-slate-200' : 'border-slate-200 opacity-60'}`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">{member.name || member.phone}</p>
              <p className="text-sm text-slate-500">
                <span dir="ltr">{member.phone}</span> · {tr.role(member.role)}
              </p>
              <p className="text-sm text-slate-600" data-testid="staff-branches">
                <BranchesOf summary={branchSummary(member, branchName)} />
              </p>
            </div>
            <div className="flex flex-wrap gap-1">
              {!member.isActive && (
                <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="staff-disabled">
                  {tr.t('admin.staff.disabled')}
                </span>
              )}
              {member.mustChangePassword && (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
                  {tr.t('admin.staff.mustChange')}
                </span>
              )}
            </div>
            <button
              type="button"
              className={`${btn.small} border border-slate-300 bg-white`}
              data-testid="staff-edit"
              onClick={() => setEditing({ kind: 'edit', member })}
            >
              {tr.t('admin.staff.edit')}
            </button>
          </li>
        ))}
      </ul>

      {given && <OneTimePassword answer={given} onClose={() => setGiven(null)} />}
    </div>
  );
}

function BranchesOf({ summary }: { summary: ReturnType<typeof branchSummary> }) {
  const tr = useT();
  if (summary.kind === 'named') return <>{summary.names.join(', ')}</>;
  return <>{summary.kind === 'all' ? tr.t('admin.staff.allBranches') : tr.t('admin.staff.noBranches')}</>;
}

/** The invitation, or a member's name, role and branches with their password reset and their disabling. */
function MemberForm({
  member,
  branches,
  onInvited,
  onSaved,
  onReload,
  onCancel,
}: {
  member: AdminStaffMember | null;
  branches: AdminBranch[];
  onInvited: (answer: StaffWithPassword) => void;
  onSaved: (member: AdminStaffMember) => void;
  onReload: () => Promise<void>;
  onCancel: () => void;
}) {
  const tr = useT();
  const { staff: me } = useSession();
  const self = member?.id === me.id;
  const [phone, setPhone] = useState(member?.phone ?? '+998 ');
  const [name, setName] = useState(member?.name ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'operator');
  const [branchIds, setBranchIds] = useState<string[]>(member?.branchIds ?? []);
  const [state, setState] = useState<{ saving: boolean; error: unknown }>({ saving: false, error: null });
  const [asking, setAsking] = useState<Action | null>(null);
  const missingBranches = lacksBranches(role, branchIds);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (missingBranches) return;
    setState({ saving: true, error: null });
    const ids = branchesToSend(role, branchIds);
    if (member) {
      adminCall<AdminStaffMember>('PATCH', `/staff/${member.id}`, { version: member.version, name, role, branchIds: ids }).then(
        onSaved,
        (error: unknown) => setState({ saving: false, error }),
      );
    } else {
      adminCall<StaffWithPassword>('POST', '/staff', { phone: phone.trim(), name, role, branchIds: ids }).then(
        onInvited,
        (error: unknown) => setState({ saving: false, error }),
      );
    }
  };

  const act = (action: Action) => {
    if (!member) return;
    setAsking(null);
    setState({ saving: true, error: null });
    const sent =
      action === 'reset-password'
        ? adminCall<StaffWithPassword>('POST', `/staff/${member.id}/reset-password`, { version: member.version }).then(onInvited)
        : adminCall<AdminStaffMember>('POST', `/staff/${member.id}/${action}`, { version: member.version }).then(onSaved);
    sent.catch((error: unknown) => setState({ saving: false, error }));
  };

  const toggle = (id: string, on: boolean) => setBranchIds((ids) => (on ? [...ids, id] : ids.filter((b) => b !== id)));
  const hint =
    role === 'owner'
      ? tr.t('admin.staff.ownerBranches')
      : needsBranches(role)
        ? tr.t('admin.staff.branchesNeeded')
        : tr.t('admin.staff.branchesOptional');

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-slate-300 bg-white p-3" data-testid="staff-form">
      <h2 className="text-lg font-semibold">{member ? member.name || member.phone : tr.t('admin.staff.invite')}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={tr.t('phone')} htmlFor="staff-phone" {...(member ? {} : { hint: tr.t('admin.staff.phoneHint') })}>
          <input
            id="staff-phone"
            data-testid="member-phone"
            type="tel"
            inputMode="tel"
            dir="ltr"
            className={field}
            value={phone}
            readOnly={member !== null}
            onChange={(e) => setPhone(e.target.value)}
          />
        </Field>
        <Field label={tr.t('admin.staff.name')} htmlFor="staff-name">
          <input id="staff-name" data-testid="member-name" className={field} value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label={tr.t('admin.staff.role')} htmlFor="staff-role" {...(self ? { hint: tr.t('admin.staff.self') } : {})}>
          <select
            id="staff-role"
            data-testid="member-role"
            className={field}
            value={role}
            disabled={self}
            onChange={(e) => setRole(e.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {tr.role(r)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="flex flex-col gap-1" data-testid="staff-branch-choice">
        <legend className="mb-1 text-sm font-medium text-slate-700">{tr.t('admin.staff.branches')}</legend>
        {role !== 'owner' && (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {branches.map((b) => (
              <label key={b.id} className="flex min-h-9 items-center gap-2 text-sm">
                <input type="checkbox" checked={branchIds.includes(b.id)} onChange={(e) => toggle(b.id, e.target.checked)} />
                {pickText(b.name, tr.content) || b.address}
              </label>
            ))}
          </div>
        )}
        <p className={`text-xs ${missingBranches ? 'text-red-700' : 'text-slate-500'}`}>{hint}</p>
      </fieldset>
      <SaveBar
        saving={state.saving}
        error={state.error}
        onCancel={onCancel}
        {...(member ? { onReload: () => void onReload() } : {})}
        saveLabel={member ? undefined : tr.t('admin.staff.inviteSend')}
      />
      {member && !self && (
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
          <button
            type="button"
            className={btn.secondary}
            data-testid="staff-reset"
            disabled={state.saving}
            onClick={() => setAsking('reset-password')}
          >
            {tr.t('admin.staff.resetPassword')}
          </button>
          {member.isActive ? (
            <button
              type="button"
              className={btn.danger}
              data-testid="staff-disable"
              disabled={state.saving}
              onClick={() => setAsking('disable')}
            >
              {tr.t('admin.staff.disable')}
            </button>
          ) : (
            <button
              type="button"
              className={btn.secondary}
              data-testid="staff-enable"
              disabled={state.saving}
              onClick={() => setAsking('enable')}
            >
              {tr.t('admin.staff.enable')}
            </button>
          )}
        </div>
      )}
      {member && <AuditTrail objectType="staff" objectId={member.id} />}
      {asking && member && (
        <Dialog title={tr.t(ACTION_LABEL[asking])} onClose={() => setAsking(null)} testId="staff-confirm">
          <p className="mb-4 text-sm text-slate-700">{tr.t(ACTION_QUESTION[asking], { name: member.name || member.phone })}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={asking === 'disable' ? btn.danger : btn.primary}
              data-testid="staff-confirm-yes"
              onClick={() => act(asking)}
            >
              {tr.t(ACTION_LABEL[asking])}
            </button>
            <button type="button" className={btn.secondary} onClick={() => setAsking(null)}>
              {tr.t('admin.form.cancel')}
            </button>
          </div>
        </Dialog>
      )}
    </form>
  );
}

const ACTION_LABEL = {
  'reset-password': 'admin.staff.resetPassword',
  disable: 'admin.staff.disable',
  enable: 'admin.staff.enable',
} as const;
const ACTION_QUESTION = {
  'reset-password': 'admin.staff.resetQuestion',
  disable: 'admin.staff.disableQuestion',
  enable: 'admin.staff.enableQuestion',
} as const;

/** The one-time password, shown this once: the server keeps only its hash. */
function OneTimePassword({ answer, onClose }: { answer: StaffWithPassword; onClose: () => void }) {
  const tr = useT();
  const [copied, setCopied] = useState(false);
  const who = answer.member.name || answer.member.phone;
  return (
    <Dialog title={tr.t('admin.staff.oneTimeTitle')} onClose={onClose} testId="staff-one-time">
      <p className="mb-3 text-sm text-slate-700">{tr.t('admin.staff.oneTimeText', { name: who })}</p>
      <p
        className="mb-3 select-all rounded-lg bg-slate-100 p-3 text-center font-mono text-2xl tracking-wider"
        dir="ltr"
        data-testid="staff-one-time-password"
      >
        {answer.oneTimePassword}
      </p>
      <p className="mb-4 text-sm text-slate-600">
        {answer.smsSent ? tr.t('admin.staff.smsSent', { phone: answer.member.phone }) : tr.t('admin.staff.smsNotSent')}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={btn.secondary}
          onClick={() =>
            void navigator.clipboard?.writeText(answer.oneTimePassword).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? tr.t('admin.staff.copied') : tr.t('admin.staff.copy')}
        </button>
        <button type="button" className={btn.primary} data-testid="staff-one-time-done" onClick={onClose}>
          {tr.t('admin.staff.done')}
        </button>
      </div>
    </Dialog>
  );
}
