import { createPortal } from 'react-dom';
import { pickText } from '@dasturxon/domain';
import type { StaffOrder } from '@dasturxon/domain/contracts';
import { useT } from '../i18n.ts';
import { dateTime, money, time } from '../format.ts';
import { OrderAmounts } from './amounts.tsx';

/**
 * The kitchen ticket: hidden on screen, the only thing printed (index.css, @media print). Narrow (80 mm roll),
 * the number large enough to read across the pass, each line with its modifications and price, every amount of the
 * order (the receipt the courier hands over) and the comment.
 */
export function KitchenTicket({ order }: { order: StaffOrder }) {
  const tr = useT();
  return createPortal(
    <div className="ops-ticket" data-testid="kitchen-ticket">
      <div className="ops-ticket-number">№{order.number}</div>
      <div className="ops-ticket-meta">
        <strong>{tr.service(order.serviceType)}</strong>
        <span>{dateTime(order.createdAt, tr)}</span>
      </div>
      {order.atTime && order.deliveryAt && (
        <div className="ops-ticket-strong">{tr.t('scheduledFor', { t: time(order.deliveryAt, tr) })}</div>
      )}
      {order.cookingTime !== null && <div>{tr.t('cookingFor', { m: order.cookingTime })}</div>}
      {/* A dine-in order placed from its table's QR code is carried to that table. */}
      {order.table && (
        <div className="ops-ticket-strong" data-testid="ticket-table">
          {tr.t('floorTableName', { table: order.table.name })} · {pickText(order.table.hall, tr.content)}
        </div>
      )}
      <div>{pickText(order.branch.name, tr.content)}</div>
      <ol className="ops-ticket-lines">
        {order.cartItems.map((line, i) => (
          <li key={`${line.productId}-${i}`}>
            <div className="ops-ticket-line">
              <span className="ops-ticket-count">{line.count}×</span> {pickText(line.name, tr.content)}
              <span className="ops-ticket-price">{money(line.gross, tr)}</span>
            </div>
            <LineModifications modifications={line.modifications} />
          </li>
        ))}
      </ol>
      {/* The receipt's part: every amount, adding up to what is collected. */}
      <OrderAmounts order={order} testId="ticket-amounts" className="ops-ticket-amounts" />
      {order.comment && (
        <div className="ops-ticket-comment">
          <strong>{tr.t('comment')}:</strong> {order.comment}
        </div>
      )}
    </div>,
    document.body,
  );
}

/** A line's chosen modifications, `+ name ×count`, on the ticket and the order's page alike. */
export function LineModifications({
  modifications,
  className,
}: {
  modifications: StaffOrder['cartItems'][number]['modifications'];
  className?: string;
}) {
  const tr = useT();
  if (modifications.length === 0) return null;
  return (
    <ul className={className}>
      {modifications.map((m) => (
        <li key={m.id}>
          + {pickText(m.name, tr.content)}
          {m.count > 1 ? ` ×${m.count}` : ''}
        </li>
      ))}
    </ul>
  );
}
