import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OTP_CODE_LENGTH, OTP_TTL_SECONDS } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { retryAfterSeconds } from '@dasturxon/client';
import { MessageIcon } from '../../shared/session/flow-icons.tsx';
import { checkPhoneInput, PHONE_INPUT_START } from '../../shared/session/phone-mask.ts';
import { PhoneField } from '../../shared/session/phone-field.tsx';
import { usePhoneMessages } from '../../shared/session/phone-messages.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';
import { updateSessionUser } from '../../shared/session/session-store.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { CodeSentTo, CodeStep } from '../../shared/ui/code-step.tsx';
import { PhoneIcon } from '../../shared/ui/more-icons.tsx';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { requestPhoneChange, verifyPhoneChange } from './profile.api.ts';

interface Sent {
  phone: string;
  codeLength: number;
  resendAt: number;
  expiresAt: number;
}

/** The phone change: the new number, the code sent to it, done. Mounted afresh for each opening (its `key`), so each starts at the first step. */
export function ChangePhoneSheet({
  open,
  onOpenChange,
  currentPhone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentPhone: string | null;
}) {
  const { t } = useTranslation();
  const messages = usePhoneMessages();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(PHONE_INPUT_START);
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const busy = sending || checking;

  const send = async (target: string) => {
    setSending(true);
    setError(null);
    try {
      const answer = await requestPhoneChange(target);
      const now = Date.now();
      setSent({
        phone: answer.phone,
        codeLength: answer.codeLength,
        resendAt: now + answer.resendAfterSeconds * 1000,
        expiresAt: now + answer.expiresInSeconds * 1000,
      });
    } catch (failure) {
      const wait = retryAfterSeconds(failure);
      if (failure instanceof HttpError && failure.code === 'OTP_TOO_EARLY' && wait) {
        // A code went to this number a moment ago: it still works.
        const now = Date.now();
        setSent({ phone: target, codeLength: OTP_CODE_LENGTH, resendAt: now + wait * 1000, expiresAt: now + OTP_TTL_SECONDS * 1000 });
        return;
      }
      setError(messages.failure(failure));
    } finally {
      setSending(false);
    }
  };

  const submitPhone = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkPhoneInput(phone);
    if (!checked.ok) {
      setError(messages.problem(checked.problem));
      return;
    }
    if (checked.e164 === currentPhone) {
      setError(t('profile.phone.same'));
      return;
    }
    void send(checked.e164);
  };

  const verify = async (code: string) => {
    if (!sent) return;
    const user = await verifyPhoneChange(sent.phone, code);
    updateSessionUser(user);
    queryClient.setQueryData(sessionKeys.me, user);
    toast(t('profile.phone.done'), 'success');
    onOpenChange(false);
  };

  const resend = async () => {
    if (!sent) return;
    try {
      const answer = await requestPhoneChange(sent.phone);
      const now = Date.now();
      setSent({
        phone: answer.phone,
        codeLength: answer.codeLength,
        resendAt: now + answer.resendAfterSeconds * 1000,
        expiresAt: now + answer.expiresInSeconds * 1000,
      });
    } catch (failure) {
      const wait = retryAfterSeconds(failure);
      if (wait) setSent({ ...sent, resendAt: Date.now() + wait * 1000 });
      throw failure;
    }
  };

  return (
    <BottomSheet
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      dismissible={!busy}
      testId="change-phone-sheet"
      icon={
        <span className="grid size-14 place-items-center rounded-2xl bg-brand text-on-brand">
          {sent ? <MessageIcon size={28} /> : <PhoneIcon size={28} />}
        </span>
      }
      title={sent ? t('auth.confirm.title') : t('profile.phone.title')}
      description={sent ? <CodeSentTo phone={sent.phone} /> : t('profile.phone.text')}
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
          <SubmitButton busy={sending} testId="new-phone-submit">
            {t('auth.login.submit')}
          </SubmitButton>
        </form>
      ) : (
        <div className="mt-6">
          <CodeStep
            id="new-phone-code"
            length={sent.codeLength}
            resendAt={sent.resendAt}
            expiresAt={sent.expiresAt}
            onVerify={verify}
            onResend={resend}
            onBusyChange={setChecking}
            submitTestId="new-phone-confirm"
            resendTestId="new-phone-resend"
          >
            <Button
              variant="ghost"
              size="sm"
              testId="new-phone-edit"
              disabled={busy}
              className="text-muted hover:text-ink"
              onClick={() => {
                setSent(null);
                setError(null);
              }}
            >
              {t('auth.confirm.changePhone')}
            </Button>
          </CodeStep>
        </div>
      )}
    </BottomSheet>
  );
}
