import { useState, type FormEvent } from 'react';
import type { Staff } from '@dasturxon/domain/contracts';
import { unlockAudio } from '../alerts.ts';
import { HttpError } from '@dasturxon/client';
import { api, errorText } from '../api.ts';
import { LANGUAGE_MARKS } from '@dasturxon/i18n';
import { LANGS, useT, type Lang } from '../i18n.ts';
import { btn, field } from '../ui.tsx';
import { NewPassword } from './new-password.tsx';

export function Login({ onSignedIn }: { onSignedIn: (token: string, staff: Staff) => void }) {
  const tr = useT();
  const [phone, setPhone] = useState('+998 ');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  /** The server asked for the code it sent by SMS (428 STAFF_CODE_REQUIRED: someone is guessing this number's password). */
  const [codeAsked, setCodeAsked] = useState<{ length: number } | null>(null);
  const [code, setCode] = useState('');
  /** The login answered a one-time password: its session, kept aside until the member sets their own. */
  const [oneTime, setOneTime] = useState<{ token: string; staff: Staff; password: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The sign-in click is the gesture that lets the new-order chime play later.
    unlockAudio();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.login({ phone: phone.trim(), password, ...(codeAsked && code.trim() ? { code: code.trim() } : {}) });
      if (answer.passwordChangeRequired) {
        setOneTime({ token: answer.token, staff: answer.staff, password });
        setBusy(false);
        return;
      }
      onSignedIn(answer.token, answer.staff);
    } catch (e) {
      if (e instanceof HttpError && e.body?.code === 'STAFF_CODE_REQUIRED') {
        setCodeAsked({ length: Number(e.body.details?.codeLength ?? 6) });
        setCode('');
      }
      setError(e);
      setBusy(false);
    }
  };

  if (oneTime) {
    return (
      <NewPassword
        token={oneTime.token}
        staff={oneTime.staff}
        currentPassword={oneTime.password}
        onDone={onSignedIn}
        onCancel={() => {
          // The session of the one-time password ends; the member signs in again when ready.
          api.logoutOf(oneTime.token).catch(() => {});
          setOneTime(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-4 text-slate-900">
      <form onSubmit={submit} className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm" data-testid="login-form" noValidate>
        <div className="flex items-start justify-between gap-2">
          <div>
            <p className="text-sm text-slate-500">Dasturxon · {tr.t('appName')}</p>
            <h1 className="text-xl font-bold">{tr.t('loginTitle')}</h1>
          </div>
          <label className="sr-only" htmlFor="login-lang">
            {tr.t('language')}
          </label>
          <select
            id="login-lang"
            data-testid="lang-select"
            value={tr.lang}
            onChange={(e) => tr.setLang(e.target.value as Lang)}
            className="rounded-md border border-slate-300 px-1 py-1 text-sm"
          >
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_MARKS[l]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="login-phone" className="block text-sm font-medium">
            {tr.t('phone')}
          </label>
          <input
            id="login-phone"
            data-testid="login-phone"
            type="tel"
            inputMode="tel"
            autoComplete="username"
            required
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            className={field}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="login-password" className="block text-sm font-medium">
            {tr.t('password')}
          </label>
          <input
            id="login-password"
            data-testid="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={field}
          />
        </div>
        {codeAsked && (
          <div className="space-y-1">
            <label htmlFor="login-code" className="block text-sm font-medium">
              {tr.t('smsCode')}
            </label>
            <input
              id="login-code"
              data-testid="login-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={codeAsked.length}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              className={field}
            />
          </div>
        )}
        {error !== null && (
          <p role="alert" data-testid="login-error" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errorText(error, tr)}
          </p>
        )}
        <button type="submit" data-testid="login-submit" disabled={busy || !phone.trim() || !password} className={`${btn.primary} w-full`}>
          {busy ? tr.t('signingIn') : tr.t('signIn')}
        </button>
      </form>
    </main>
  );
}
