import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { maskPhone } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { Button } from './button.tsx';
import { CodeField } from './code-field.tsx';
import { FieldError } from './field-error.tsx';
import { SubmitButton } from './submit-button.tsx';
import { REQUIRED_KEY } from './text-field.tsx';
import { useErrorText } from './use-error-text.ts';
import { formatCountdown, useSecondsLeft } from './use-seconds-left.ts';
import { toast } from './toast.tsx';
import { useShowFailure, worthRetrying } from './failed-call.ts';

/** Tries left on a code after a wrong one (400 OTP_INVALID), when the server said. */
function attemptsLeft(error: unknown): number | null {
  const details = error instanceof HttpError ? error.body?.details : null;
  const left = details && typeof details === 'object' ? (details as { attemptsLeft?: unknown }).attemptsLeft : null;
  return typeof left === 'number' ? left : null;
}

/** "We sent a code to +998 90 *** ** 67": the text under the code step's title. */
export function CodeSentTo({ phone, testId }: { phone: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t('codeStep.sentTo')}{' '}
      <bdi dir="ltr" data-testid={testId} className="font-semibold whitespace-nowrap text-ink">
        {maskPhone(phone)}
      </bdi>
    </>
  );
}

/**
 * The code from the SMS (the login, the phone change): one box per digit, a complete code sends
 * itself, a refused one is cleared with the server's reason and the tries left shown, the button
 * sends what is there, and another code may be asked for once the countdown has run out, or at
 * once when the tries on the code are over (OTP_ATTEMPTS_EXHAUSTED). On success the step stays
 * busy: the screen moves on.
 */
export function CodeStep({
  id,
  length,
  resendAt,
  expiresAt = null,
  onVerify,
  onResend,
  onBusyChange,
  submitTestId,
  resendTestId,
  children,
}: {
  /** The code input's id; its message is `${id}-error`. */
  id: string;
  length: number;
  /** When another code may be asked for (epoch ms). */
  resendAt: number;
  /** When the code stops working (epoch ms), when known: the step then says it has expired. */
  expiresAt?: number | null;
  /** Checks a code; rejects with the server's answer when it is refused. */
  onVerify: (code: string) => Promise<void>;
  /** Asks for another code; rejects with the server's answer when it is refused. */
  onResend: () => Promise<void>;
  /** While a call runs (a sheet does not close then). */
  onBusyChange?: (busy: boolean) => void;
  submitTestId: string;
  resendTestId: string;
  /** Further actions beside the resend button (change the number). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const showFailure = useShowFailure();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const tried = useRef<string | null>(null);
  const resendIn = useSecondsLeft(resendAt);
  const expiresIn = useSecondsLeft(expiresAt);
  const busy = verifying || resending;

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const verify = async (value: string) => {
    if (verifying) return;
    tried.current = value;
    setVerifying(true);
    setError(null);
    try {
      await onVerify(value);
    } catch (failure) {
      setVerifying(false);
      if (worthRetrying(failure)) {
        // The code never got a verdict (no connection, no answer): the digits stay and the shared notice offers a retry.
        tried.current = null;
        showFailure(failure, () => void verify(value));
        return;
      }
      setError(errorText(failure));
      setLeft(attemptsLeft(failure));
      // The wrong digits go: the next try starts on an empty field.
      setCode('');
      tried.current = null;
    }
  };

  // The last digit sends the code (typed, pasted, or offered by the phone from the SMS).
  useEffect(() => {
    if (code.length === length && code !== tried.current) void verify(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly completed code sends
  }, [code]);

  // No tries left on this code: a new one may be asked for at once (the server sends it without the wait).
  const spent = left === 0;
  const resendWaits = resendIn > 0 && !spent;

  const resend = async () => {
    if (busy || resendWaits) return;
    setResending(true);
    // The old digits go now, not when the answer comes: the new code can reach the phone (and be typed, or offered by
    // the phone) before the answer reaches a slow connection, and it must not be wiped then.
    setCode('');
    setError(null);
    tried.current = null;
    try {
      await onResend();
      setLeft(null);
      toast(t('codeStep.resent'), 'success');
    } catch (failure) {
      if (worthRetrying(failure)) showFailure(failure, () => void resend());
      else setError(errorText(failure));
    } finally {
      setResending(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length < length) setError(t(REQUIRED_KEY));
    else void verify(code);
  };

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div>
        <CodeField
          id={id}
          label={t('codeStep.codeLabel')}
          value={code}
          length={length}
          onChange={(v) => {
            setCode(v);
            if (error) setError(null);
          }}
          invalid={Boolean(error)}
          busy={verifying}
          autoFocus
          describedBy={error ? errorId : undefined}
        />
        <FieldError id={errorId} text={error} />
        {error && left !== null && left > 0 && (
          <p data-testid="attempts-left" className="mt-1 ps-[22px] text-sm text-muted">
            {t('codeStep.attemptsLeft', { count: left })}
          </p>
        )}
        {!error && expiresAt !== null && expiresIn === 0 && <p className="mt-2 text-sm font-medium text-muted">{t('codeStep.expired')}</p>}
      </div>
      <SubmitButton busy={verifying} testId={submitTestId}>
        {t('codeStep.submit')}
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-center gap-x-2">
        <Button
          variant={spent ? 'primary' : 'ghost'}
          size="sm"
          testId={resendTestId}
          busy={resending}
          disabled={resendWaits || verifying}
          onClick={() => void resend()}
        >
          {spent ? (
            t('codeStep.newCode')
          ) : resendIn > 0 ? (
            <span data-testid="resend-countdown" className="tabular-nums">
              {t('codeStep.resendIn', { time: formatCountdown(resendIn) })}
            </span>
          ) : (
            t('codeStep.resend')
          )}
        </Button>
        {children}
      </div>
    </form>
  );
}
