import { useEffect, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useSessionUser } from '../../shared/session/session-store.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { BagIcon, ClockIcon } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { activeOrdersQuery, archiveQuery } from './orders.api.ts';
import { OrderCard } from './order-parts.tsx';
import { BackLink, LoadFailed } from '../../shared/ui/page-parts.tsx';

type Tab = 'active' | 'archive';
const TABS: readonly Tab[] = ['active', 'archive'];

/** `/profile/orders` (docs/spec-index.md section 2): the signed-in customer's orders, Active and Archive (section 4); a guest is asked to log in. */
export function OrdersPage() {
  const user = useSessionUser();
  return user ? <Orders userId={user.id} /> : <LoginPrompt />;
}

function Orders({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The tab is in the address, so coming back from an order opens the tab it was found in.
  const tab: Tab = params.get('tab') === 'archive' ? 'archive' : 'active';

  useEffect(() => {
    document.title = t('orders.title');
  }, [t]);

  return (
    <div
      data-testid="orders-page"
      data-tab={tab}
      className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <BackLink to="/profile" label={t('orders.backToProfile')} />
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('orders.title')}</h1>

      <div role="tablist" aria-label={t('orders.title')} className="mb-5 grid grid-cols-2 gap-1 rounded-2xl bg-surface p-1 shadow-sm">
        {TABS.map((name) => {
          const on = name === tab;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={`orders-tab-${name}`}
              aria-selected={on}
              aria-controls="orders-panel"
              data-testid={`orders-tab-${name}`}
              onClick={() => setParams(name === 'archive' ? { tab: 'archive' } : {}, { replace: true })}
              className={`h-11 rounded-xl px-2 text-[15px] font-bold transition-colors ${on ? 'bg-brand text-on-brand shadow-sm' : 'text-muted hover:text-ink'}`}
            >
              {t(`orders.tabs.${name}`)}
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${tab}`}>
        {tab === 'active' ? <ActiveOrders userId={userId} /> : <ArchiveOrders userId={userId} />}
      </div>
    </div>
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return <LoadFailed testId="orders-error" icon={<BagIcon size={28} />} error={error} onRetry={retry} />;
}

function OrderList({ children }: { children: ReactNode }) {
  return (
    <ul data-testid="orders-list" className="flex flex-col gap-3">
      {children}
    </ul>
  );
}

function ActiveOrders({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useQuery(activeOrdersQuery(userId));
  if (isPending) return <PageSpinner />;
  if (error) return <LoadError error={error} retry={() => void refetch()} />;
  if (data.length === 0) {
    return (
      <EmptyState
        testId="orders-empty-active"
        framed
        icon={<BagIcon size={28} />}
        title={t('orders.emptyActiveTitle')}
        text={t('orders.emptyActiveText')}
        action={
          <Link to="/" className={buttonClass()}>
            {t('orders.toMenu')}
          </Link>
        }
      />
    );
  }
  return (
    <OrderList>
      {data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </OrderList>
  );
}

function ArchiveOrders({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(archiveQuery(userId));
  if (isPending) return <PageSpinner />;
  if (error && !data) return <LoadError error={error} retry={() => void refetch()} />;
  const orders = data?.pages.flatMap((p) => p.content) ?? [];
  if (orders.length === 0) {
    return (
      <EmptyState
        testId="orders-empty-archive"
        framed
        icon={<ClockIcon size={28} />}
        title={t('orders.emptyArchiveTitle')}
        text={t('orders.emptyArchiveText')}
      />
    );
  }
  return (
    <>
      <OrderList>
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </OrderList>
      {hasNextPage && (
        <Button
          variant="secondary"
          wide
          className="mt-4"
          testId="orders-more"
          busy={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {t('orders.showMore')}
        </Button>
      )}
    </>
  );
}
