import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { SubmitButton } from '../../shared/ui/submit-button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { useShowFailure, worthRetrying } from '../../shared/ui/failed-call.ts';
import { cardNumberProblem, expiryDigits, expiryProblem, formatCardInput, formatExpiryInput } from './card-input.ts';
import { createCard } from '../../shared/payments/cards.api.ts';
import { CARD_CODE_TTL_MS, cardsNext, savePendingCard } from './pending-card.ts';
import { BackLink } from '../../shared/ui/page-parts.tsx';

/**
 * `/profile/cards/create` (docs/spec-index.md section 2): the card's number and expiry, checked as typed by the domain's rules,
 * sent to the provider (never kept by us), which texts the card's owner a code; then `/profile/cards/confirm`.
 * `?next=` is where to go once it is saved (the order being paid).
 */
export function CardCreatePage() {
  const loggedIn = useIsLoggedIn();
  const settings = useMerchantSettings();
  if (!loggedIn) return <LoginPrompt />;
  if (!settings.cardActive) return <Navigate to="/profile/cards" replace />;
  return <CardForm />;
}

function CardForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const showFailure = useShowFailure();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = cardsNext(params.get('next'));
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    document.title = t('cards.create.title');
  }, [t]);

  const numberError = cardNumberProblem(number);
  const expiryError = expiryProblem(expiry, new Date());

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A retry sends the same form again.
    const form = e.currentTarget;
    setShown(true);
    if (numberError || expiryError || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await createCard(number.replace(/\D/g, ''), expiryDigits(expiry));
      savePendingCard({
        cardId: answer.cardId,
        phone: answer.phone,
        codeLength: answer.codeLength,
        expiresAt: Date.now() + CARD_CODE_TTL_MS,
        next,
      });
      void navigate('/profile/cards/confirm');
    } catch (error) {
      setBusy(false);
      // No connection or no answer: the shared notice with a retry (no card is bound until the SMS code); a refusal stays on the form.
      if (worthRetrying(error)) showFailure(error, () => form.requestSubmit());
      else setFailure(errorText(error));
    }
  };

  return (
    <div data-testid="card-create-page" className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <BackLink to={next} label={t('cards.back')} />
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('cards.create.title')}</h1>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4 rounded-3xl border border-line bg-surface p-4">
        <TextField
          id="card-number"
          label={t('cards.create.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          dir="ltr"
          placeholder="8600 0000 0000 0000"
          value={number}
          onChange={(e) => setNumber(formatCardInput(e.target.value))}
          error={shown && numberError ? t(`cards.create.numberProblem.${numberError}`) : null}
          size="lg"
        />
        <TextField
          id="card-expiry"
          label={t('cards.create.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          dir="ltr"
          placeholder="MM/YY"
          value={expiry}
          onChange={(e) => setExpiry(formatExpiryInput(e.target.value))}
          error={shown && expiryError ? t(`cards.create.expiryProblem.${expiryError}`) : null}
          size="lg"
        />
        {failure && (
          <p
            role="alert"
            data-testid="card-create-failure"
            className="rounded-xl bg-red-600/10 px-3.5 py-2.5 text-sm font-medium text-red-700 dark:text-red-300"
          >
            {failure}
          </p>
        )}
        <SubmitButton testId="card-create-submit" busy={busy}>
          {t('cards.create.submit')}
        </SubmitButton>
        <p className="text-[13px] text-muted">{t('cards.safety')}</p>
      </form>
    </div>
  );
}
