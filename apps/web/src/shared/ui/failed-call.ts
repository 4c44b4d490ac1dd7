import { useCallback } from 'react';
import { HttpError } from '../../lib/http.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { toast } from './toast.tsx';
import { useErrorText } from './use-error-text.ts';

/**
 * Whether the same call may well succeed if made again: it never reached the server, the server did not answer in
 * time or failed, or asked to wait. A refusal of the catalogue (a promo code that expired) is not: it would answer the same.
 */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  return error.kind !== 'http' || error.status >= 500 || error.status === 429 || error.status === 408;
}

/**
 * The one way a screen shows a failed call (issue 29): a notice where the customer looks, above the page's sticky
 * buttons, saying what happened (no connection, no answer, the catalogue's reason), with "Try again" that calls
 * `retry` when making the same call again could help. A call that moves money passes a retry that sends the same
 * idempotency key (the checkout keeps its key in the draft), so a retry never makes a second order.
 */
export function useShowFailure(): (error: unknown, retry?: () => void) => void {
  const errorText = useErrorText();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, retry?: () => void) => {
      const action = retry && worthRetrying(error) ? { label: t('common.retry'), run: retry } : undefined;
      toast(errorText(error), 'error', action);
    },
    [errorText, t],
  );
}
