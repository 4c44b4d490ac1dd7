import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { maskPhone } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { accountErrorText } from '../../shared/session/auth-error.ts';
import { CodeField } from '../../shared/session/code-field.tsx';
import { FieldError } from '../../shared/session/phone-field.tsx';
import { MessageIcon } from '../../shared/session/flow-icons.tsx';
import { startSession } from '../../shared/session/session-store.ts';
import { formatCountdown, useSecondsLeft } from '../../shared/session/use-seconds-left.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { attemptsLeft, retryAfterSeconds, sendLoginCode, verifyLoginCode } from './auth.api.ts';
import { AuthScreen, SubmitButton } from './auth-screen.tsx';
import { clearPendingLogin, pendingFromAnswer, readPendingLogin, savePendingLogin, type PendingLogin } from './pending-login.ts';

/** `/login/confirm`: the code from the SMS. Six digits send themselves; success goes back to where the customer was. */
export function LoginConfirmPage() {
  const [pending, setPending] = useState<PendingLogin | null>(readPendingLogin);
  if (!pending) return <Navigate to="/login" replace />;
  return <ConfirmForm pending={pending} onPending={setPending} />;
}

function ConfirmForm({ pending, onPending }: { pending: PendingLogin; onPending: (p: PendingLogin) => void }) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const tried = useRef<string | null>(null);
  const resendIn = useSecondsLeft(pending.resendAt);
  const expiresIn = useSecondsLeft(pending.expiresAt);

  const verify = async (value: string) => {
    if (busy) return;
    tried.current = value;
    setBusy(true);
    setError(null);
    try {
      const session = await verifyLoginCode(pending.phone, value);
      clearPendingLogin();
      startSession(session);
      toast(t('auth.loggedIn'), 'success');
      void navigate(pending.from, { replace: true });
    } catch (failure) {
      setError(accountErrorText(failure, language, t));
      setLeft(attemptsLeft(failure));
      setBusy(false);
    }
  };

  // The sixth digit sends the code (typed, pasted, or offered by the phone from the SMS).
  useEffect(() => {
    if (code.length === pending.codeLength && code !== tried.current) void verify(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly completed code sends
  }, [code]);

  const resend = async () => {
    if (resending || resendIn > 0) return;
    setResending(true);
    try {
      const answer = await sendLoginCode(pending.phone);
      const next = pendingFromAnswer(answer, pending.from, Date.now());
      savePendingLogin(next);
      onPending(next);
      setCode('');
      setError(null);
      setLeft(null);
      tried.current = null;
      toast(t('auth.confirm.resent'), 'success');
    } catch (failure) {
      const wait = retryAfterSeconds(failure);
      if (wait) {
        const next = { ...pending, resendAt: Date.now() + wait * 1000 };
        savePendingLogin(next);
        onPending(next);
      }
      setError(accountErrorText(failure, language, t));
    } finally {
      setResending(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length < pending.codeLength) {
      setError(t('auth.validation.required'));
      return;
    }
    void verify(code);
  };

  const expired = expiresIn === 0;
  return (
    <AuthScreen
      testId="login-confirm-page"
      back={{ to: '/login', label: t('auth.confirm.changePhone'), state: { from: pending.from } }}
      icon={<MessageIcon size={28} />}
      title={t('auth.confirm.title')}
      text={
        <>
          {t('auth.confirm.sentTo')}{' '}
          <bdi dir="ltr" data-testid="confirm-phone" className="font-semibold whitespace-nowrap text-ink">
            {maskPhone(pending.phone)}
          </bdi>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div>
          <CodeField
            id="login-code"
            label={t('auth.confirm.codeLabel')}
            value={code}
            length={pending.codeLength}
            onChange={(v) => {
              setCode(v);
              if (error) setError(null);
            }}
            invalid={Boolean(error)}
            busy={busy}
            autoFocus
            describedBy={error ? 'login-code-error' : undefined}
          />
          <FieldError id="login-code-error" text={error} />
          {error && left !== null && left > 0 && (
            <p data-testid="attempts-left" className="mt-1 ps-[22px] text-sm text-muted">
              {t('auth.confirm.attemptsLeft', { count: left })}
            </p>
          )}
          {!error && expired && <p className="mt-2 text-sm font-medium text-muted">{t('auth.confirm.expired')}</p>}
        </div>
        <SubmitButton busy={busy} testId="confirm-submit">
          {t('auth.confirm.submit')}
        </SubmitButton>
        <button
          type="button"
          data-testid="resend-code"
          disabled={resendIn > 0 || resending}
          onClick={() => void resend()}
          className="mx-auto inline-flex h-11 items-center rounded-full px-4 text-[15px] font-semibold text-ink transition-colors hover:bg-surface-2 disabled:text-muted disabled:hover:bg-transparent"
        >
          {resendIn > 0 ? (
            <span data-testid="resend-countdown" className="tabular-nums">
              {t('auth.confirm.resendIn', { time: formatCountdown(resendIn) })}
            </span>
          ) : (
            t('auth.confirm.resend')
          )}
        </button>
      </form>
    </AuthScreen>
  );
}
