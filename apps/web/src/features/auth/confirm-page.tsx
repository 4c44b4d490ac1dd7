import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { retryAfterSeconds } from '@dasturxon/client';
import { MessageIcon } from '../../shared/session/flow-icons.tsx';
import { startSession, useSessionUser } from '../../shared/session/session-store.ts';
import { CodeSentTo, CodeStep } from '../../shared/ui/code-step.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { sendLoginCode, verifyLoginCode } from './auth.api.ts';
import { AuthScreen } from './auth-screen.tsx';
import { NameStep } from './name-step.tsx';
import type { User } from '@dasturxon/domain';
import { clearPendingLogin, pendingFromAnswer, readPendingLogin, savePendingLogin, type PendingLogin } from './pending-login.ts';

/** `/login/confirm`: the code from the SMS. Six digits send themselves; success goes back to where the customer was. */
export function LoginConfirmPage() {
  const [pending, setPending] = useState<PendingLogin | null>(readPendingLogin);
  // A customer without a name is asked it once, signed in already, before going back (name-step.tsx).
  const [naming, setNaming] = useState<{ user: User; from: string } | null>(null);
  const navigate = useNavigate();
  if (naming) return <NameStep user={naming.user} onDone={() => void navigate(naming.from, { replace: true })} />;
  if (!pending) return <Navigate to="/login" replace />;
  return <ConfirmForm pending={pending} onPending={setPending} onAskName={setNaming} />;
}

/**
 * `/login/name`: the name step on its own, for a login that had no code step here (the Telegram mini app's, issue 29):
 * asked while the signed-in customer's answer says so (`askName`), then back to `state.from`.
 */
export function LoginNamePage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const [asked] = useState(() => user?.askName === true);
  if (!user || !asked) return <Navigate to={from} replace />;
  return <NameStep user={user} onDone={() => void navigate(from, { replace: true })} />;
}

function ConfirmForm({
  pending,
  onPending,
  onAskName,
}: {
  pending: PendingLogin;
  onPending: (p: PendingLogin) => void;
  onAskName: (step: { user: User; from: string }) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const verify = async (code: string) => {
    const session = await verifyLoginCode(pending.phone, code);
    clearPendingLogin();
    startSession(session);
    toast(t('auth.loggedIn'), 'success');
    if (session.user.askName) onAskName({ user: session.user, from: pending.from });
    else void navigate(pending.from, { replace: true });
  };

  const resend = async () => {
    try {
      const next = pendingFromAnswer(await sendLoginCode(pending.phone), pending.from, Date.now());
      savePendingLogin(next);
      onPending(next);
    } catch (failure) {
      const wait = retryAfterSeconds(failure);
      if (wait) {
        const next = { ...pending, resendAt: Date.now() + wait * 1000 };
        savePendingLogin(next);
        onPending(next);
      }
      throw failure;
    }
  };

  return (
    <AuthScreen
      testId="login-confirm-page"
      back={{ to: '/login', label: t('auth.confirm.changePhone'), state: { from: pending.from } }}
      icon={<MessageIcon size={28} />}
      title={t('auth.confirm.title')}
      text={<CodeSentTo phone={pending.phone} testId="confirm-phone" />}
    >
      <CodeStep
        id="login-code"
        length={pending.codeLength}
        resendAt={pending.resendAt}
        expiresAt={pending.expiresAt}
        onVerify={verify}
        onResend={resend}
        submitTestId="confirm-submit"
        resendTestId="resend-code"
      />
    </AuthScreen>
  );
}
