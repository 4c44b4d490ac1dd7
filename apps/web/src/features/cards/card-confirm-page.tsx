import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { CodeStep } from '../../shared/ui/code-step.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { cardKeys, verifyCard } from '../../shared/payments/cards.api.ts';
import { clearPendingCard, readPendingCard, type PendingCard } from './pending-card.ts';
import { BackLink } from '../../shared/ui/page-parts.tsx';

/**
 * `/profile/cards/confirm` (docs/spec-index.md section 2): the code the provider texted to the card's owner. A complete code sends
 * itself; once the card is saved the customer goes on (the card list, or the order being paid). Another code means
 * entering the card again: its number was never kept.
 */
export function CardConfirmPage() {
  const loggedIn = useIsLoggedIn();
  const [pending] = useState<PendingCard | null>(readPendingCard);
  if (!loggedIn) return <LoginPrompt />;
  if (!pending) return <Navigate to="/profile/cards/create" replace />;
  return <ConfirmCard pending={pending} />;
}

function ConfirmCard({ pending }: { pending: PendingCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const again = `/profile/cards/create${pending.next === '/profile/cards' ? '' : `?next=${encodeURIComponent(pending.next)}`}`;

  const verify = async (code: string) => {
    await verifyCard(pending.cardId, code);
    clearPendingCard();
    await queryClient.invalidateQueries({ queryKey: cardKeys.all });
    toast(t('cards.saved'), 'success');
    void navigate(pending.next, { replace: true });
  };

  return (
    <div
      data-testid="card-confirm-page"
      className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <BackLink to={again} label={t('cards.confirm.changeCard')} />
      <h1 className="mt-2 mb-2 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('cards.confirm.title')}</h1>
      <p className="mb-5 px-1 text-[15px] text-muted">
        {t('cards.confirm.text')}{' '}
        <bdi dir="ltr" data-testid="card-confirm-phone" className="font-semibold whitespace-nowrap text-ink">
          {pending.phone}
        </bdi>
      </p>
      <div className="rounded-3xl border border-line bg-surface p-4">
        <CodeStep
          id="card-code"
          length={pending.codeLength}
          // Another code comes with the card entered again: the provider texts one per request.
          resendAt={0}
          expiresAt={pending.expiresAt}
          onVerify={verify}
          onResend={async () => {
            void navigate(again);
          }}
          submitTestId="card-confirm-submit"
          resendTestId="card-confirm-again"
        />
      </div>
    </div>
  );
}
