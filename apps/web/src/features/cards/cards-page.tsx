import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SavedCard } from '@dasturxon/domain/contracts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { TrashIcon } from '../../shared/ui/action-icons.tsx';
import { buttonClass } from '../../shared/ui/button.tsx';
import { ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconButton } from '../../shared/ui/icon-button.tsx';
import { CardIcon } from '../../shared/payments/card-icon.tsx';
import { AlertIcon, PlusIcon } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { cardsQuery, deleteCard } from '../../shared/payments/cards.api.ts';
import { BackLink, LoadFailed, useConfirmedDelete } from '../../shared/ui/page-parts.tsx';

/** A saved card as a row shows it: the scheme, the masked number (left to right in every language) and the expiry. */
export function CardText({ card }: { card: Pick<SavedCard, 'number' | 'expire' | 'type'> }) {
  const { t } = useTranslation();
  return (
    <span className="min-w-0 flex-1">
      <bdi dir="ltr" data-testid="card-number" className="block font-bold tabular-nums">
        {card.number}
      </bdi>
      <span className="block text-[13px] text-muted">
        {card.type === 'OTHER' ? '' : `${card.type} · `}
        {t('cards.expires', { date: card.expire })}
      </span>
    </span>
  );
}

/** `/profile/cards` (docs/spec-index.md section 2): the signed-in customer's saved cards, each with a delete that asks first. */
export function CardsPage() {
  const loggedIn = useIsLoggedIn();
  const settings = useMerchantSettings();
  const { t } = useTranslation();
  if (!loggedIn) return <LoginPrompt />;
  if (!settings.cardActive) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 pt-3 pb-10">
        <BackLink to="/profile" label={t('cards.backToProfile')} />
        <EmptyState testId="cards-unavailable" framed icon={<CardIcon size={28} />} title={t('cards.unavailable')} />
      </div>
    );
  }
  return <CardList />;
}

function CardList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: cards, isPending, error, refetch } = useQuery(cardsQuery());
  const deletion = useConfirmedDelete(
    (card: SavedCard) => deleteCard(card.id),
    (gone) => {
      queryClient.setQueryData(cardsQuery().queryKey, (old) => old?.filter((c) => c.id !== gone.id));
      toast(t('cards.deleted'), 'success');
    },
  );
  const { doomed } = deletion;

  return (
    <div data-testid="cards-page" className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <BackLink to="/profile" label={t('cards.backToProfile')} />
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('cards.title')}</h1>

      {isPending ? (
        <PageSpinner />
      ) : error ? (
        <LoadFailed testId="cards-error" icon={<CardIcon size={28} />} error={error} onRetry={() => void refetch()} />
      ) : cards.length === 0 ? (
        <EmptyState testId="cards-empty" framed icon={<CardIcon size={28} />} title={t('cards.emptyTitle')} text={t('cards.emptyText')} />
      ) : (
        <ul className="overflow-hidden rounded-3xl border border-line bg-surface">
          {cards.map((card) => (
            <li
              key={card.id}
              data-testid="card-item"
              data-card-id={card.id}
              className="flex items-center gap-3 border-b border-line px-4 py-3.5 last:border-b-0"
            >
              <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-2 text-muted">
                <CardIcon size={20} />
              </span>
              <CardText card={card} />
              <IconButton
                testId="card-delete"
                label={t('cards.delete', { number: card.number.slice(-4) })}
                onClick={() => deletion.ask(card)}
              >
                <TrashIcon size={20} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}

      <Link to="/profile/cards/create" data-testid="card-add" className={`${buttonClass({ wide: true })} mt-5`}>
        <PlusIcon size={20} />
        {t('cards.add')}
      </Link>
      <p className="mt-3 px-1 text-[13px] text-muted">{t('cards.safety')}</p>

      <ConfirmSheet
        open={doomed !== null}
        onOpenChange={(open) => {
          if (!open) deletion.close();
        }}
        testId="card-delete-sheet"
        icon={<AlertIcon size={28} />}
        title={t('cards.deleteTitle')}
        text={doomed ? <bdi dir="ltr">{doomed.number}</bdi> : ''}
        confirmLabel={t('cards.deleteConfirm')}
        cancelLabel={t('cards.deleteKeep')}
        danger
        busy={deletion.busy}
        error={deletion.failure}
        onConfirm={() => void deletion.confirm()}
      />
    </div>
  );
}
