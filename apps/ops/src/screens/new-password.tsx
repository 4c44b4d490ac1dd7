import { useState, type FormEvent } from 'react';
import { newPasswordProblem, STAFF_PASSWORD_MIN_LENGTH } from '@dasturxon/domain';
import type { Staff } from '@dasturxon/domain/contracts';
import { api, errorText } from '../api.ts';
import { useT } from '../i18n.ts';
import { btn, field } from '../ui.tsx';

/**
 * "Set your new password" (issue 28): the login answered that the password was a one-time one (an invitation, a
 * reset, a new brand's owner). The session it gave may do nothing else until the member sets their own, so the
 * console keeps it aside and goes on only once the new password is saved. The policy is the domain's.
 */
export function NewPassword({
  token,
  staff,
  currentPassword,
  onDone,
  onCancel,
}: {
  token: string;
  staff: Staff;
  /** The one-time password the member just signed in with. */
  currentPassword: string;
  onDone: (token: string, staff: Staff) => void;
  onCancel: () => void;
}) {
  const tr = useT();
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const problem = newPasswordProblem(next, currentPassword);
  const problemText =
    next === ''
      ? null
      : problem === 'tooShort'
        ? tr.t('newPassword.tooShort', { min: STAFF_PASSWORD_MIN_LENGTH })
        : problem === 'unchanged'
          ? tr.t('newPassword.unchanged')
          : problem === 'tooLong'
            ? tr.t('newPassword.tooLong')
            : null;
  const mismatch = repeat !== '' && repeat !== next;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || next !== repeat) return;
    setBusy(true);
    setError(null);
    try {
      const member = await api.setPassword({ currentPassword, newPassword: next }, token);
      onDone(token, { ...staff, ...member });
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-4 text-slate-900">
      <form
        onSubmit={submit}
        className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm"
        data-testid="new-password-form"
        noValidate
      >
        <div>
          <p className="text-sm text-slate-500">{staff.name || staff.phone}</p>
          <h1 className="text-xl font-bold">{tr.t('newPassword.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{tr.t('newPassword.intro')}</p>
        </div>
        {/* The account's name, for the browser's password manager. */}
        <input type="text" name="username" autoComplete="username" value={staff.phone} readOnly hidden />
        <div className="space-y-1">
          <label htmlFor="new-password" className="block text-sm font-medium">
            {tr.t('newPassword.new')}
          </label>
          <input
            id="new-password"
            data-testid="new-password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={problemText ? true : undefined}
            aria-describedby="new-password-hint"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            className={field}
          />
          <p id="new-password-hint" className={`text-xs ${problemText ? 'text-red-700' : 'text-slate-500'}`}>
            {problemText ?? tr.t('newPassword.tooShort', { min: STAFF_PASSWORD_MIN_LENGTH })}
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor="new-password-repeat" className="block text-sm font-medium">
            {tr.t('newPassword.repeat')}
          </label>
          <input
            id="new-password-repeat"
            data-testid="new-password-repeat"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={mismatch || undefined}
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            className={field}
          />
          {mismatch && <p className="text-xs text-red-700">{tr.t('newPassword.mismatch')}</p>}
        </div>
        {error !== null && (
          <p role="alert" data-testid="new-password-error" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errorText(error, tr)}
          </p>
        )}
        <button
          type="submit"
          data-testid="new-password-submit"
          disabled={busy || problem !== null || next !== repeat}
          className={`${btn.primary} w-full`}
        >
          {busy ? tr.t('admin.form.saving') : tr.t('newPassword.submit')}
        </button>
        <button type="button" onClick={onCancel} className={`${btn.secondary} w-full`}>
          {tr.t('admin.form.cancel')}
        </button>
      </form>
    </main>
  );
}
