import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { QuoteProblem } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { setPromoCode } from '../../shared/basket/promo-code.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';
import { IconButton } from '../../shared/ui/icon-button.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { useShowFailure, worthRetrying } from '../../shared/ui/failed-call.ts';
import { fetchPromoCheck } from './basket.api.ts';
import { CloseIcon, TagIcon } from './basket-icons.tsx';

type Reason = Pick<QuoteProblem, 'code' | 'description' | 'details'>;

/** Why a promo code (or the quote) does not work, as every error reads (`useErrorText`), with the minimum that PROMO_MIN_PRICE names. */
export function usePromoReason(formatSum: (n: number) => string): (reason: Reason | null | undefined) => string {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (reason) => {
    const text = errorText(reason);
    const minPrice = Number(reason?.details?.minPrice);
    return reason?.code === 'PROMO_MIN_PRICE' && minPrice > 0
      ? `${text}. ${t('basket.promo.minPrice', { amount: formatSum(minPrice) })}`
      : text;
  };
}

export interface BasketPromoProps {
  /** The code the customer applied, or null. */
  applied: string | null;
  /** What the promo takes off now (products and delivery), when the quote applied it. */
  discount: number | null;
  /** Why the quote did not apply the applied code. */
  problem: QuoteProblem | null;
  /** The products after their own discounts: the amount the promo's minimum is checked against. */
  productAmount: number;
  formatSum: (n: number, options?: { minus?: boolean }) => string;
}

/** Promo code entry: check the code with the server, keep it, show what it takes off or why it does not work. */
export function BasketPromo({ applied, discount, problem, productAmount, formatSum }: BasketPromoProps) {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant().id;
  const reasonText = usePromoReason(formatSum);
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const showFailure = useShowFailure();

  const check = useMutation({
    mutationFn: (value: string) => fetchPromoCheck(value, productAmount),
    onSuccess: (promo) => {
      setPromoCode(merchantId, promo.code);
      setCode('');
      setError(null);
      toast(t('basket.promo.added'), 'success');
    },
    onError: (e, value) => {
      // No connection or no answer: the shared notice with a retry; the catalogue's refusal stays under the field.
      if (worthRetrying(e)) showFailure(e, () => check.mutate(value));
      else setError(reasonText(e instanceof HttpError ? e.body : null));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value || check.isPending) return;
    setError(null);
    check.mutate(value);
  };

  if (applied) {
    return (
      <section aria-labelledby={inputId} className="rounded-2xl border border-line bg-surface p-3">
        <h2 id={inputId} className="sr-only">
          {t('basket.promo.title')}
        </h2>
        <div data-testid="promo-applied" data-code={applied} className="flex items-center gap-3">
          <span
            className={`grid size-10 shrink-0 place-items-center rounded-xl ${problem ? 'bg-red-500/15 text-red-600 dark:text-red-400' : 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400'}`}
          >
            <TagIcon size={20} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-[15px] font-extrabold tracking-wide uppercase" dir="ltr">
              {applied}
            </p>
            <p className="text-[13px] text-muted">
              {problem ? t('basket.promo.title') : discount ? formatSum(discount, { minus: true }) : t('basket.promo.added')}
            </p>
          </div>
          <IconButton testId="promo-remove" label={t('basket.promo.remove')} onClick={() => setPromoCode(merchantId, null)}>
            <CloseIcon size={18} />
          </IconButton>
        </div>
        {problem && (
          <p data-testid="promo-error" role="alert" className="mt-2 text-[13px] leading-snug font-semibold text-red-600 dark:text-red-400">
            {reasonText(problem)}
          </p>
        )}
      </section>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-line bg-surface p-3">
      <label htmlFor={inputId} className="mb-2 block text-[13px] font-bold text-muted">
        {t('basket.promo.title')}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <TagIcon size={18} className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
          <input
            id={inputId}
            data-testid="promo-input"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              if (error) setError(null);
            }}
            placeholder={t('basket.promo.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="done"
            maxLength={64}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="h-11 w-full rounded-xl border border-line bg-bg ps-9 pe-3 text-[15px] font-semibold uppercase outline-none placeholder:font-normal placeholder:normal-case placeholder:text-muted focus:border-ink aria-invalid:border-red-500"
          />
        </div>
        <button
          type="submit"
          data-testid="promo-apply"
          disabled={!code.trim() || check.isPending}
          className="h-11 shrink-0 rounded-xl bg-ink px-4 text-[15px] font-bold text-bg transition-opacity disabled:opacity-40"
        >
          {t('basket.promo.apply')}
        </button>
      </div>
      {error && (
        <p
          id={`${inputId}-error`}
          data-testid="promo-error"
          role="alert"
          className="mt-2 text-[13px] leading-snug font-semibold text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </form>
  );
}
