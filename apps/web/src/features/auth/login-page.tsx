import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { OTP_CODE_LENGTH, OTP_TTL_SECONDS } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { retryAfterSeconds } from '@dasturxon/client';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { checkPhoneInput, formatPhoneInput, PHONE_INPUT_START } from '../../shared/session/phone-mask.ts';
import { PhoneField } from '../../shared/session/phone-field.tsx';
import { usePhoneMessages } from '../../shared/session/phone-messages.ts';
import { UserIcon } from '../../shared/session/session-icons.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useShowFailure, worthRetrying } from '../../shared/ui/failed-call.ts';
import { sendLoginCode } from './auth.api.ts';
import { AuthScreen } from './auth-screen.tsx';
import { pendingFromAnswer, readPendingLogin, returnPath, savePendingLogin } from './pending-login.ts';

/** Where the login was opened from: the link's router state, else `?from=`, else the home page. */
function useReturnPath(): string {
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  return returnPath(state?.from ?? new URLSearchParams(location.search).get('from'));
}

/** `/login`: the phone number, then a code goes to it by SMS. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = usePhoneMessages();
  const settings = useMerchantSettings();
  const loggedIn = useIsLoggedIn();
  const from = useReturnPath();
  const [phone, setPhone] = useState(() => {
    const pending = readPendingLogin();
    return pending ? formatPhoneInput(pending.phone) : PHONE_INPUT_START;
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const showFailure = useShowFailure();

  if (loggedIn) return <Navigate to={from} replace />;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A retry sends the same form again.
    const form = e.currentTarget;
    if (busy) return;
    const checked = checkPhoneInput(phone);
    if (!checked.ok) {
      setError(messages.problem(checked.problem));
      return;
    }
    setError(null);
    const now = Date.now();
    const pending = readPendingLogin();
    // A code to this number is still on its way: enter it rather than ask for another.
    if (pending && pending.phone === checked.e164 && now < pending.resendAt) {
      savePendingLogin({ ...pending, from });
      void navigate('/login/confirm');
      return;
    }
    setBusy(true);
    try {
      const answer = await sendLoginCode(checked.e164);
      savePendingLogin(pendingFromAnswer(answer, from, Date.now()));
      void navigate('/login/confirm');
    } catch (failure) {
      const wait = retryAfterSeconds(failure);
      if (failure instanceof HttpError && failure.code === 'OTP_TOO_EARLY' && wait) {
        // A code was sent to this number a moment ago (another tab, a reload): it still works.
        savePendingLogin({
          phone: checked.e164,
          codeLength: OTP_CODE_LENGTH,
          resendAt: Date.now() + wait * 1000,
          expiresAt: Date.now() + OTP_TTL_SECONDS * 1000,
          from,
        });
        toast(t('auth.login.alreadySent'), 'info');
        void navigate('/login/confirm');
        return;
      }
      // No connection or no answer: the shared notice where the customer looks, with a retry; a refusal stays under the field.
      if (worthRetrying(failure)) showFailure(failure, () => form.requestSubmit());
      else setError(messages.failure(failure));
    } finally {
      setBusy(false);
    }
  };

  const legal = [
    settings.termsOfUseActive && { to: '/offerta', label: t('footer.terms') },
    settings.privacyActive && { to: '/privacy', label: t('footer.privacy') },
  ].filter((l): l is { to: string; label: string } => Boolean(l));

  return (
    <AuthScreen
      testId="login-page"
      back={{ to: from }}
      icon={<UserIcon size={28} />}
      title={t('auth.login.title')}
      text={t('auth.login.text')}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <PhoneField
          id="login-phone"
          label={t('auth.login.phoneLabel')}
          value={phone}
          onChange={(v) => {
            setPhone(v);
            if (error) setError(null);
          }}
          error={error}
          autoFocus
        />
        <SubmitButton busy={busy} testId="login-submit">
          {t('auth.login.submit')}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-[13px] leading-relaxed text-muted">
        {t('auth.login.why')}
        {legal.length > 0 && (
          <>
            <br />
            {t('auth.login.consent')}{' '}
            {legal.map((l, i) => (
              <span key={l.to}>
                {i > 0 && ` ${t('auth.login.and')} `}
                <Link to={l.to} className="font-semibold text-ink underline decoration-line underline-offset-2">
                  {l.label}
                </Link>
              </span>
            ))}
          </>
        )}
      </p>
    </AuthScreen>
  );
}
