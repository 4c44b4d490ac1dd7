import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { pickText, statusLabel, TABLE_SERVICE, type PaymentProvider, type WaiterCallKind } from '@dasturxon/domain';
import type { TableBill, TableSeat, WaiterCall } from '@dasturxon/domain/contracts';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { chooseBranch } from '../../shared/catalogue/chosen-branch.ts';
import { useFormatSum } from '../../shared/catalogue/price.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';
import { chooseServiceType } from '../../shared/order/order-choice.ts';
import { leaveTable, takeTableSeat, useTableSeat } from '../../shared/table/table-seat.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useShowFailure } from '../../shared/ui/failed-call.ts';
import { DishIcon } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { billQuery, callWaiter, openTable, payTableBill, tableKeys } from './table.api.ts';

/**
 * The table's pages (issue 32, docs/restaurant.md "QR tables"): `/t/<token>` opens a table's QR link and seats the
 * visitor (then the menu, with the table's bar above it); `/table` is the table: call the waiter or ask for the bill,
 * and the table's running bill.
 */
export function TablePages() {
  const { pathname } = useLocation();
  return pathname.startsWith('/t/') ? <OpenTable /> : <TablePage />;
}

const codeOf = (error: unknown) => (error instanceof HttpError ? (error.body?.code ?? null) : null);

/** Opens the link once; on success the visitor sits at the table, ordering dine-in at its branch. */
function OpenTable() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { token = '' } = useParams();
  const merchant = useCurrentMerchant();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const asked = useRef(false);
  useEffect(() => {
    document.title = t('table.opening');
    if (asked.current) return;
    asked.current = true;
    openTable(token).then(
      (seat: TableSeat) => {
        takeTableSeat(merchant.id, seat);
        chooseServiceType(merchant.id, 'DINE_IN');
        chooseBranch(merchant.id, seat.branch.id);
        void navigate('/', { replace: true });
      },
      (error: unknown) => setFailure(error),
    );
  }, [token, merchant.id, navigate, t]);
  if (!failure) return <PageSpinner />;
  return (
    <EmptyState
      testId="table-open-failed"
      size="page"
      Title="h1"
      icon={<DishIcon size={32} />}
      title={t('table.openFailed')}
      text={errorText(failure)}
      action={
        <Link to="/" className={buttonClass()}>
          {t('table.toMenu')}
        </Link>
      }
    />
  );
}

const CALLS: { kind: WaiterCallKind; label: string }[] = [
  { kind: 'WAITER', label: 'table.call.WAITER' },
  { kind: 'BILL_CASH', label: 'table.call.BILL_CASH' },
  { kind: 'BILL_CARD', label: 'table.call.BILL_CARD' },
];

function TablePage() {
  const { t } = useTranslation();
  const seat = useTableSeat();
  useEffect(() => {
    document.title = t('table.title');
  }, [t]);
  if (!seat)
    return (
      <EmptyState
        testId="table-none"
        size="page"
        Title="h1"
        icon={<DishIcon size={32} />}
        title={t('table.noneTitle')}
        text={t('table.noneText')}
        action={
          <Link to="/" className={buttonClass()}>
            {t('table.toMenu')}
          </Link>
        }
      />
    );
  return <SeatedTable seat={seat} />;
}

function SeatedTable({ seat }: { seat: TableSeat }) {
  const { t, language } = useTranslation();
  const merchant = useCurrentMerchant();
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  const bill = useQuery(billQuery(seat.sessionId));
  const [note, setNote] = useState('');
  const ended = codeOf(bill.error) === 'TABLE_SESSION_ENDED';
  const call = useMutation({
    mutationFn: (kind: WaiterCallKind) => callWaiter({ kind, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (made) => {
      setNote('');
      queryClient.setQueryData(tableKeys.bill(seat.sessionId), (old: TableBill | undefined) =>
        old ? { ...old, calls: [...old.calls, made] } : old,
      );
      toast(t('table.called'), 'success');
    },
    onError: (failure, kind) => {
      if (codeOf(failure) === 'WAITER_CALL_OPEN') toast(t('errors.WAITER_CALL_OPEN'), 'info');
      else showFailure(failure, () => call.mutate(kind));
    },
  });
  const open = (bill.data?.calls ?? []).filter((c) => c.status !== 'CLOSED');

  return (
    <div data-testid="table-page" className="mx-auto w-full max-w-xl px-4 pt-5 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <p className="px-1 text-[14px] font-semibold text-muted">
        <bdi>{pickText(seat.branch.name, language)}</bdi> · <bdi>{pickText(seat.hall.name, language)}</bdi>
      </p>
      <h1 data-testid="table-name" className="mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">
        {t('table.name', { name: seat.table.name })}
      </h1>

      {ended ? (
        <EmptyState
          testId="table-ended"
          framed
          icon={<DishIcon size={28} />}
          title={t('table.endedTitle')}
          text={t('errors.TABLE_SESSION_ENDED')}
          action={
            <Button variant="soft" onClick={() => leaveTable(merchant.id)}>
              {t('table.leave')}
            </Button>
          }
        />
      ) : (
        <>
          <section aria-labelledby="table-calls-title" className="rounded-3xl bg-surface p-4 shadow-sm">
            <h2 id="table-calls-title" className="mb-3 text-[17px] font-bold">
              {t('table.callsTitle')}
            </h2>
            {open.length > 0 && (
              <ul data-testid="table-open-calls" className="mb-3 space-y-2">
                {open.map((c) => (
                  <CallLine key={c.id} call={c} />
                ))}
              </ul>
            )}
            <div className="grid gap-2">
              {CALLS.map(({ kind, label }) => (
                <Button
                  key={kind}
                  testId={`table-call-${kind}`}
                  variant={kind === 'WAITER' ? 'primary' : 'soft'}
                  wide
                  busy={call.isPending && call.variables === kind}
                  disabled={open.some((c) => c.kind === kind)}
                  onClick={() => call.mutate(kind)}
                >
                  {t(label)}
                </Button>
              ))}
            </div>
            <label className="mt-3 block">
              <span className="mb-1 block px-1 text-[13px] text-muted">{t('table.noteLabel')}</span>
              <input
                data-testid="table-call-note"
                value={note}
                maxLength={TABLE_SERVICE.noteMax}
                onChange={(e) => setNote(e.target.value)}
                placeholder={t('table.notePlaceholder')}
                className="h-11 w-full rounded-2xl border border-line bg-surface px-4 text-base"
              />
            </label>
          </section>

          <Bill bill={bill.data ?? null} pending={bill.isPending} />

          <div className="mt-5 grid gap-2">
            <Link to="/" data-testid="table-to-menu" className={buttonClass({ wide: true, variant: 'soft' })}>
              {t('table.orderMore')}
            </Link>
            <button
              type="button"
              data-testid="table-leave"
              onClick={() => leaveTable(merchant.id)}
              className="h-11 rounded-full text-[15px] font-semibold text-muted hover:text-ink"
            >
              {t('table.leave')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function CallLine({ call }: { call: WaiterCall }) {
  const { t } = useTranslation();
  const coming = call.status === 'TAKEN';
  return (
    <li
      data-testid="table-call"
      data-kind={call.kind}
      data-status={call.status}
      className={`flex items-center gap-2 rounded-2xl px-3 py-2 text-[15px] font-semibold ${coming ? 'bg-emerald-600/12 text-emerald-800 dark:text-emerald-300' : 'bg-amber-500/10 text-amber-800 dark:text-amber-300'}`}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-current" />
      <span className="min-w-0">
        {t(`table.call.${call.kind}`)} — {coming ? t('table.coming') : t('table.waiting')}
      </span>
    </li>
  );
}

function Bill({ bill, pending }: { bill: TableBill | null; pending: boolean }) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  return (
    <section aria-labelledby="table-bill-title" data-testid="table-bill" className="mt-4 rounded-3xl bg-surface p-4 shadow-sm">
      <h2 id="table-bill-title" className="mb-3 text-[17px] font-bold">
        {t('table.billTitle')}
      </h2>
      {pending ? (
        <PageSpinner />
      ) : !bill || bill.orders.length === 0 ? (
        <p data-testid="table-bill-empty" className="px-1 text-[15px] text-muted">
          {t('table.billEmpty')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-line">
            {bill.orders.map((o) => (
              <li key={o.id} data-testid="table-bill-order" data-mine={o.mine} className="py-3">
                <div className="mb-1.5 flex items-center justify-between gap-2">
                  <span className="font-bold">
                    {t('table.orderNumber', { number: o.number })}
                    {o.mine && <span className="ms-2 text-[13px] font-semibold text-muted">{t('table.mine')}</span>}
                  </span>
                  <span
                    data-testid="table-bill-status"
                    data-status={o.status}
                    className="rounded-full bg-surface-2 px-2.5 py-1 text-[13px] font-bold"
                  >
                    {t(`orders.status.${statusLabel(o.status)}`)}
                  </span>
                </div>
                <ul className="space-y-0.5 text-[15px]">
                  {o.lines.map((l, i) => (
                    <li key={i} className="flex justify-between gap-3">
                      <span className="min-w-0">
                        <bdi>{pickText(l.name, language)}</bdi> × {l.count}
                      </span>
                      <span className="shrink-0 tabular-nums">{formatSum(l.net)}</span>
                    </li>
                  ))}
                </ul>
                {o.mine && !o.isPaid && o.status !== 'CANCELED' && (
                  <Link
                    to={`/profile/orders/${o.id}`}
                    data-testid="table-bill-open"
                    className="mt-2 inline-block text-[14px] font-bold text-brand"
                  >
                    {t('table.openOrder')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-line pt-3 text-[15px]">
            <div className="flex justify-between">
              <dt>{t('table.total')}</dt>
              <dd data-testid="table-bill-total" className="font-bold tabular-nums">
                {formatSum(bill.totals.total)}
              </dd>
            </div>
            {bill.totals.paid > 0 && (
              <div className="flex justify-between text-muted">
                <dt>{t('table.paid')}</dt>
                <dd className="tabular-nums">{formatSum(bill.totals.paid)}</dd>
              </div>
            )}
            <div className="flex justify-between text-[17px]">
              <dt className="font-bold">{t('table.due')}</dt>
              <dd data-testid="table-bill-due" className="font-extrabold tabular-nums">
                {formatSum(bill.totals.due)}
              </dd>
            </div>
          </dl>
          <PayWholeBill bill={bill} />
        </>
      )}
    </section>
  );
}

/**
 * Pay what is left of the table's bill online as one payment (decision 021): the server opens a bill of every unpaid
 * order now and answers the provider's page for exactly its total; the provider sends the guest back here. Once paid,
 * the bill says so.
 */
function PayWholeBill({ bill }: { bill: TableBill }) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState<PaymentProvider | null>(null);
  // Opening a bill moves no money: a retry only opens another, and the provider pays at most one of them.
  const pay = async (provider: PaymentProvider) => {
    setBusy(provider);
    try {
      const checkout = await payTableBill(provider, language);
      window.location.assign(checkout.url);
    } catch (e) {
      if (codeOf(e) === 'TABLE_BILL_EMPTY') toast(t('errors.TABLE_BILL_EMPTY'), 'info');
      else showFailure(e, () => void pay(provider));
      setBusy(null);
    }
  };
  return (
    <>
      {bill.paidOnline && (
        <p
          data-testid="table-bill-paid-online"
          className="mt-3 rounded-2xl bg-emerald-600/12 px-3 py-2 text-[15px] font-semibold text-emerald-800 dark:text-emerald-300"
        >
          {t('table.paidOnline', { sum: formatSum(bill.paidOnline.total), provider: t(`checkout.pay.${bill.paidOnline.provider}`) })}
        </p>
      )}
      {bill.totals.due > 0 && bill.payWith.length > 0 && (
        <div className="mt-3 grid gap-2">
          {bill.payWith.map((provider) => (
            <Button
              key={provider}
              testId={`table-pay-all-${provider}`}
              wide
              busy={busy === provider}
              disabled={busy !== null}
              onClick={() => void pay(provider)}
            >
              {t(bill.totals.paid > 0 ? 'table.payRest' : 'table.payAll', {
                sum: formatSum(bill.totals.due),
                provider: t(`checkout.pay.${provider}`),
              })}
            </Button>
          ))}
          <p className="px-1 text-[13px] text-muted">{t('table.payAllHint')}</p>
        </div>
      )}
    </>
  );
}
