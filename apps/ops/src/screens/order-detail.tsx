import type { ReactNode } from 'react';
import { isCancelReason, pickText } from '@dasturxon/domain';
import type { StaffOrder } from '@dasturxon/domain/contracts';
import { api } from '../api.ts';
import { useOrderEvents } from '../events.tsx';
import { useT, type Translator } from '../i18n.ts';
import { dateTime, money, telHref, time } from '../format.ts';
import { OrderActions } from '../orders/actions.tsx';
import { OrderAmounts } from '../orders/amounts.tsx';
import { PaymentBadge, StatusBadge } from '../orders/card.tsx';
import { OrderMap } from '../orders/map.tsx';
import { RefundMark, seesRefunds } from '../orders/refunds.tsx';
import { KitchenTicket, LineModifications } from '../orders/ticket.tsx';
import { Link } from 'react-router';
import { useSession } from '../session.ts';
import { btn, ErrorNote, Loading, useLoad } from '../ui.tsx';
import { Icon } from '../icons.tsx';

function addressText(order: StaffOrder, tr: Translator): string {
  const a = order.address;
  if (!a) return '';
  const street = [a.streetName, a.houseNumber].filter(Boolean).join(', ');
  const details = [
    a.details.office && `${tr.t('office')} ${a.details.office}`,
    a.details.entrance && `${tr.t('entrance')} ${a.details.entrance}`,
    a.details.floor && `${tr.t('floor')} ${a.details.floor}`,
    a.details.domophone && `${tr.t('domophone')} ${a.details.domophone}`,
  ].filter(Boolean);
  return [street || a.description, ...details].filter(Boolean).join(' · ');
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" data-testid={testId}>
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      {children}
    </section>
  );
}

/** One order in full: lines, the customer, the address on a map, payment, the timeline, and its kitchen ticket. */
export function OrderDetail({ id }: { id: string }) {
  const tr = useT();
  const { staff } = useSession();
  const loaded = useLoad(() => api.order(id), [id]);
  const { setData, reload } = loaded;

  useOrderEvents((event) => {
    if (event.orderId !== id) return;
    if (event.type === 'position') setData((o) => (o && event.position ? { ...o, courierPosition: event.position } : o));
    else reload();
  }, reload);

  if (loaded.error && !loaded.data) return <ErrorNote error={loaded.error} onRetry={reload} />;
  const order = loaded.data;
  if (!order) return <Loading />;

  const back = staff.role === 'courier' ? '/courier' : '/';
  const address = addressText(order, tr);
  const branchName = pickText(order.branch.name, tr.content);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-3 p-3" data-testid="order-detail" data-status={order.status}>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={back} className={`${btn.secondary} min-h-9 px-3 py-1 text-sm`} data-testid="back">
          ← {tr.t('back')}
        </Link>
        <h1 className="text-2xl font-bold">{tr.t('orderNo', { n: order.number })}</h1>
        <StatusBadge order={order} tr={tr} />
        <span className="text-slate-500">
          {dateTime(order.createdAt, tr)} · {tr.service(order.serviceType)} · {branchName}
        </span>
        <button
          type="button"
          className={`${btn.secondary} ml-auto min-h-9 px-3 py-1 text-sm`}
          data-testid="print-ticket"
          onClick={() => window.print()}
        >
          <Icon name="printer" /> {tr.t('printTicket')}
        </button>
      </div>
      {loaded.error !== null && <ErrorNote error={loaded.error} onRetry={reload} />}
      {order.next.length > 0 && (
        <div className="rounded-xl bg-white p-3 shadow-sm">
          <OrderActions order={order} onMoved={(o) => setData(o)} />
        </div>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <Section title={tr.t('lines')} testId="order-lines">
            <ul className="divide-y divide-slate-100">
              {order.cartItems.map((line, i) => (
                <li key={`${line.productId}-${i}`} className="flex justify-between gap-3 py-2">
                  <div>
                    <div className="font-medium">
                      {line.count}× {pickText(line.name, tr.content)}
                    </div>
                    <LineModifications modifications={line.modifications} className="text-sm text-slate-600" />
                  </div>
                  {/* Before any discount: the products line of the amounts is their sum, the discounts come after it. */}
                  <span className="whitespace-nowrap">{money(line.gross, tr)}</span>
                </li>
              ))}
            </ul>
            <OrderAmounts order={order} className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm" />
            {order.refund && seesRefunds(staff.role) && <RefundMark order={order} onDone={reload} />}
          </Section>
          {(order.comment || order.courierComment) && (
            <Section title={tr.t('comment')} testId="order-comment">
              {order.comment && <p className="whitespace-pre-wrap">{order.comment}</p>}
              {order.courierComment && (
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-600">
                  {tr.t('courierComment')}: {order.courierComment}
                </p>
              )}
            </Section>
          )}
          <Section title={tr.t('payment')}>
            <PaymentBadge order={order} />
          </Section>
        </div>
        <div className="flex flex-col gap-3">
          <Section title={tr.t('customer')} testId="order-customer">
            <p className="font-medium">{order.customer.name || '—'}</p>
            {order.customer.phone && (
              <a href={telHref(order.customer.phone)} className="text-emerald-700 underline" data-testid="customer-phone">
                {order.customer.phone}
              </a>
            )}
            {order.receiver && (
              <p className="mt-2 text-sm">
                {tr.t('receiver')}: {order.receiver.name} ·{' '}
                <a href={telHref(order.receiver.phone)} className="text-emerald-700 underline">
                  {order.receiver.phone}
                </a>
              </p>
            )}
            {order.courier && (
              <p className="mt-2 text-sm">
                {tr.t('courier')}: {order.courier.name} ·{' '}
                <a href={telHref(order.courier.phone)} className="text-emerald-700 underline">
                  {order.courier.phone}
                </a>
              </p>
            )}
          </Section>
          {order.table && (
            <Section title={tr.t('orderTableTitle')} testId="order-table">
              <p className="text-lg font-semibold">
                {tr.t('floorTableName', { table: order.table.name })} · {pickText(order.table.hall, tr.content)}
              </p>
            </Section>
          )}
          {order.address && (
            <Section title={tr.t('address')} testId="order-address">
              <p className="mb-2">{address}</p>
              {order.address.description && order.address.streetName && (
                <p className="mb-2 text-sm text-slate-600">{order.address.description}</p>
              )}
              {order.address.details.comment && <p className="mb-2 text-sm text-slate-600">{order.address.details.comment}</p>}
              <OrderMap
                address={{ latitude: order.address.latitude, longitude: order.address.longitude, label: `№${order.number}` }}
                branch={{ latitude: order.branch.latitude, longitude: order.branch.longitude, label: branchName }}
                courier={order.courierPosition && order.courier ? { ...order.courierPosition, label: order.courier.name } : null}
              />
            </Section>
          )}
          <Section title={tr.t('timeline')} testId="order-timeline">
            <ol className="space-y-2">
              {order.history.map((entry, i) => (
                <li key={i} className="flex gap-3 text-sm">
                  <time dateTime={entry.at} className="w-12 shrink-0 text-slate-500">
                    {time(entry.at, tr)}
                  </time>
                  <div>
                    <span className="font-medium">{tr.status(entry.to)}</span>
                    <span className="text-slate-500">
                      {' '}
                      · {entry.staff ? `${entry.staff.name} (${tr.role(entry.role)})` : tr.role(entry.role)}
                    </span>
                    {/* An entry's own reason is the server's kind of change (CHANGE_STATUS…); why it was cancelled is the order's. */}
                    {entry.to === 'CANCELED' && order.reason && (
                      <div className="text-red-700" data-testid="entry-reason">
                        {tr.reason(order.reason)}
                      </div>
                    )}
                    {/* A system's comment is a reason code (NOT_PAID_IN_TIME…): its words, once. */}
                    {entry.comment && !(entry.to === 'CANCELED' && entry.comment === order.reason) && (
                      <div className="text-slate-600" data-testid="entry-comment">
                        {isCancelReason(entry.comment) ? tr.reason(entry.comment) : entry.comment}
                      </div>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </Section>
        </div>
      </div>
      <KitchenTicket order={order} />
    </div>
  );
}
