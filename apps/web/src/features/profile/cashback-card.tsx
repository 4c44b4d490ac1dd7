import { useQuery } from '@tanstack/react-query';
import type { User } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useFormatSum } from '../../shared/catalogue/price.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';
import { WalletIcon } from './profile-icons.tsx';
import { fetchCashback } from './profile.api.ts';

/**
 * The profile's cashback card (issue 29): the balance, what the active orders will add once completed (pending),
 * and how cashback is earned, in the brand's percent. The figures are the server's (`GET users/me/cashback`);
 * until they come, the balance of the stored customer shows.
 */
export function CashbackCard({ user, earns }: { user: User; earns: boolean }) {
  const { t } = useTranslation();
  const formatSum = useFormatSum();
  const { data } = useQuery({
    queryKey: [...sessionKeys.all, 'cashback'],
    queryFn: ({ signal }) => fetchCashback(signal),
    staleTime: 30_000,
  });
  const balance = data?.balance ?? user.cashback;
  return (
    <>
      <section
        data-testid="profile-cashback"
        className="mt-3 overflow-hidden rounded-3xl bg-brand p-4 text-on-brand shadow-[0_12px_28px_-16px_var(--brand)]"
      >
        <div className="flex items-center gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-on-brand/12">
            <WalletIcon size={24} />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-semibold opacity-80">{t('profile.cashback.title')}</span>
            <span data-testid="cashback-balance" className="block text-2xl font-extrabold tracking-tight tabular-nums">
              {formatSum(balance)}
            </span>
          </span>
        </div>
        {data && data.pending > 0 && (
          <p data-testid="cashback-pending" className="mt-3 rounded-2xl bg-on-brand/12 px-3 py-2 text-sm font-semibold">
            {t('profile.cashback.pending', { amount: formatSum(data.pending), count: data.pendingOrders })}
          </p>
        )}
      </section>
      {earns && (
        <p data-testid="cashback-rule" className="mt-2 px-4 text-[13px] text-muted">
          {data && data.percent > 0 ? t('profile.cashback.rule', { percent: data.percent }) : t('profile.cashback.hint')}
        </p>
      )}
    </>
  );
}
