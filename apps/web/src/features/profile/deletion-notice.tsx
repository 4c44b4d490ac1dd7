import { useQuery } from '@tanstack/react-query';
import type { AccountDeletionCheck } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';
import { fetchDeletionCheck } from './profile.api.ts';

/** What deleting would meet (`GET users/me/deletion`), asked afresh each time the delete sheet opens. */
export function useDeletionCheck(open: boolean): AccountDeletionCheck | undefined {
  const { data } = useQuery({
    queryKey: [...sessionKeys.all, 'deletion-check'],
    queryFn: ({ signal }) => fetchDeletionCheck(signal),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  return open ? data : undefined;
}

/**
 * Inside the delete sheet (issue 29): the active orders the customer would leave behind, or, while a courier has
 * one, that deleting is refused now: the confirm button is then disabled, and the server refuses it too (ACCOUNT_ORDER_ON_WAY).
 */
export function DeletionNotice({ check: data }: { check: AccountDeletionCheck | undefined }) {
  const { t } = useTranslation();
  if (!data || (data.activeOrders === 0 && !data.refused)) return null;
  return (
    <p
      role="alert"
      data-testid="delete-notice"
      data-refused={data.refused || undefined}
      className={`mt-4 rounded-2xl px-4 py-3 text-[15px] font-semibold ${
        data.refused ? 'bg-red-600/10 text-red-700 dark:text-red-300' : 'bg-amber-500/12 text-amber-800 dark:text-amber-200'
      }`}
    >
      {data.refused ? t('errors.ACCOUNT_ORDER_ON_WAY') : t('profile.delete.activeOrders', { count: data.activeOrders })}
    </p>
  );
}
