import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { maskPhone, OTP_CODE_LENGTH } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { accountErrorText } from '../../shared/session/auth-error.ts';
import { CodeField } from '../../shared/session/code-field.tsx';
import { checkPhoneInput, PHONE_INPUT_START } from '../../shared/session/phone-mask.ts';
import { FieldError, PhoneField } from '../../shared/session/phone-field.tsx';
import { MessageIcon } from '../../shared/session/flow-icons.tsx';
import { sessionKeys } from '../../shared/session/session.api.ts';
import { updateSessionUser } from '../../shared/session/session-store.ts';
import { formatCountdown, useSecondsLeft } from '../../shared/session/use-seconds-left.ts';
import { PhoneIcon } from '../../shared/ui/icons.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { requestPhoneChange, verifyPhoneChange } from './profile.api.ts';
import { Sheet } from './sheet.tsx';

interface Sent {
  phone: string;
  codeLength: number;
  resendAt: number;
}

const retryAfter = (error: unknown): number | null => {
  const seconds = error instanceof HttpError ? error.body?.details?.retryAfterSeconds : null;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
};

/** The phone change: the new number, the code sent to it, done. Mounted afresh for each opening (its `key`), so each starts at the first step. */
export function ChangePhoneSheet({ open, onOpenChange, currentPhone }: { open: boolean; onOpenChange: (open: boolean) => void; currentPhone: string | null }) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(PHONE_INPUT_START);
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tried = useRef<string | null>(null);
  const resendIn = useSecondsLeft(sent?.resendAt ?? null);

  const send = async (target: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await requestPhoneChange(target);
      setSent({ phone: answer.phone, codeLength: answer.codeLength, resendAt: Date.now() + answer.resendAfterSeconds * 1000 });
      setCode('');
      tried.current = null;
      return true;
    } catch (failure) {
      const wait = retryAfter(failure);
      if (failure instanceof HttpError && failure.code === 'OTP_TOO_EARLY' && wait && !sent) {
        // A code went to this number a moment ago: it still works.
        setSent({ phone: target, codeLength: OTP_CODE_LENGTH, resendAt: Date.now() + wait * 1000 });
        return true;
      }
      if (wait && sent) setSent({ ...sent, resendAt: Date.now() + wait * 1000 });
      setError(accountErrorText(failure, language, t));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkPhoneInput(phone);
    if (!checked.ok) {
      setError(t(`auth.validation.${checked.problem}`));
      return;
    }
    if (checked.e164 === currentPhone) {
      setError(t('profile.phone.same'));
      return;
    }
    void send(checked.e164);
  };

  const verify = async (value: string) => {
    if (!sent || busy) return;
    tried.current = value;
    setBusy(true);
    setError(null);
    try {
      const user = await verifyPhoneChange(sent.phone, value);
      updateSessionUser(user);
      queryClient.setQueryData(sessionKeys.me, user);
      toast(t('profile.phone.done'), 'success');
      onOpenChange(false);
    } catch (failure) {
      setError(accountErrorText(failure, language, t));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (sent && code.length === sent.codeLength && code !== tried.current) void verify(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly completed code sends
  }, [code]);

  const icon = (
    <span className="grid size-14 place-items-center rounded-2xl bg-brand text-on-brand">{sent ? <MessageIcon size={28} /> : <PhoneIcon size={28} />}</span>
  );

  return (
    <Sheet
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      testId="change-phone-sheet"
      icon={icon}
      title={sent ? t('auth.confirm.title') : t('profile.phone.title')}
      description={
        sent ? (
          <>
            {t('auth.confirm.sentTo')}{' '}
            <bdi dir="ltr" className="font-semibold whitespace-nowrap text-ink">
              {maskPhone(sent.phone)}
            </bdi>
          </>
        ) : (
          t('profile.phone.text')
        )
      }
    >
      {!sent ? (
        <form noValidate onSubmit={submitPhone} className="mt-6 flex flex-col gap-5">
          <PhoneField
            id="new-phone"
            testId="new-phone-input"
            label={t('profile.phone.newPhone')}
            value={phone}
            onChange={(v) => {
              setPhone(v);
              if (error) setError(null);
            }}
            error={error}
          />
          <SheetSubmit busy={busy} testId="new-phone-submit" label={t('auth.login.submit')} />
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (code.length < sent.codeLength) setError(t('auth.validation.required'));
            else void verify(code);
          }}
          className="mt-6 flex flex-col gap-4"
        >
          <div>
            <CodeField
              id="new-phone-code"
              label={t('auth.confirm.codeLabel')}
              value={code}
              length={sent.codeLength}
              onChange={(v) => {
                setCode(v);
                if (error) setError(null);
              }}
              invalid={Boolean(error)}
              busy={busy}
              autoFocus
              describedBy={error ? 'new-phone-code-error' : undefined}
            />
            <FieldError id="new-phone-code-error" text={error} />
          </div>
          <SheetSubmit busy={busy} testId="new-phone-confirm" label={t('auth.confirm.submit')} />
          <div className="flex flex-wrap items-center justify-center gap-x-2">
            <button
              type="button"
              data-testid="new-phone-resend"
              disabled={resendIn > 0 || busy}
              onClick={() => void send(sent.phone)}
              className="inline-flex h-11 items-center rounded-full px-3 text-[15px] font-semibold transition-colors hover:bg-surface-2 disabled:text-muted disabled:hover:bg-transparent"
            >
              {resendIn > 0 ? (
                <span className="tabular-nums">{t('auth.confirm.resendIn', { time: formatCountdown(resendIn) })}</span>
              ) : (
                t('auth.confirm.resend')
              )}
            </button>
            <button
              type="button"
              data-testid="new-phone-edit"
              disabled={busy}
              onClick={() => {
                setSent(null);
                setError(null);
              }}
              className="inline-flex h-11 items-center rounded-full px-3 text-[15px] font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-ink"
            >
              {t('auth.confirm.changePhone')}
            </button>
          </div>
        </form>
      )}
    </Sheet>
  );
}

function SheetSubmit({ busy, testId, label }: { busy: boolean; testId: string; label: string }) {
  return (
    <button
      type="submit"
      data-testid={testId}
      disabled={busy}
      aria-busy={busy || undefined}
      className="relative inline-flex h-14 w-full items-center justify-center rounded-2xl bg-brand px-6 text-base font-bold text-on-brand shadow-sm transition-[filter,opacity] hover:brightness-95 active:brightness-90 disabled:opacity-60"
    >
      <span className={busy ? 'invisible' : undefined}>{label}</span>
      {busy && <span aria-hidden="true" className="absolute size-6 animate-spin rounded-full border-[3px] border-current/30 border-t-current" />}
    </button>
  );
}
