import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderEvent, StaffOrder } from '@dasturxon/domain/contracts';
import { HttpError } from '@dasturxon/client';
import { api } from '../api.ts';
import { useOrderEvents } from '../events.tsx';

interface LiveOrders {
  orders: StaffOrder[];
  loading: boolean;
  error: unknown;
  reload: () => void;
  /** Puts an order's newer state in the list (the answer to a move). */
  upsert: (order: StaffOrder) => void;
}

/** Loads one page of orders: the first with `null`, the next with the previous page's `nextCursor`. */
export type PageLoader = (cursor: string | null) => Promise<{ content: StaffOrder[]; nextCursor: string | null }>;

/** Of two states of one order, the later: the one with more moves in its history (moves only add to it). */
const later = (known: StaffOrder | undefined, fresh: StaffOrder): StaffOrder =>
  known && known.history.length > fresh.history.length ? known : fresh;

/**
 * A list of orders kept current by the live stream: each `order` event refetches the order it names (its `next`
 * depends on the staff member, which only the server knows), a `position` event moves its courier; an order the
 * staff member may no longer see (404, 403) leaves the list. The list comes in pages (waiting orders first): the
 * first shows at once, the next are read one after another until the last and added to it, so no order is left
 * out however many there are. The whole list is read again after a reconnect.
 */
export function useLiveOrders(
  load: PageLoader,
  onChange?: (event: OrderEvent, before: StaffOrder | undefined, after: StaffOrder | null) => void,
): LiveOrders {
  const [orders, setOrders] = useState<ReadonlyMap<string, StaffOrder>>(new Map());
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const current = useRef(orders);
  const latestLoad = useRef(load);
  /** The newest fetch per order: an older answer arriving late is dropped. */
  const fetches = useRef(new Map<string, number>());
  /** Orders the stream or a move brought while the list is being read: the first page must not drop them. */
  const sinceLoad = useRef(new Set<string>());
  useEffect(() => {
    latestLoad.current = load;
    current.current = orders;
  });

  useEffect(() => {
    let live = true;
    void (async () => {
      let cursor: string | null = null;
      let first = true;
      sinceLoad.current = new Set();
      try {
        do {
          const page = await latestLoad.current(cursor);
          if (!live) return;
          const firstPage = first;
          setOrders((m) => {
            // The first page starts the list afresh (keeping what arrived meanwhile); later pages add to it. An order
            // already known keeps its later state.
            const next = firstPage ? new Map([...m].filter(([id]) => sinceLoad.current.has(id))) : new Map(m);
            for (const order of page.content) next.set(order.id, later(next.get(order.id), order));
            return next;
          });
          if (first) {
            setError(null);
            setLoading(false);
          }
          first = false;
          cursor = page.nextCursor;
        } while (cursor);
      } catch (e: unknown) {
        if (!live) return;
        setError(e);
        setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const upsert = useCallback((order: StaffOrder) => {
    sinceLoad.current.add(order.id);
    setOrders((m) => new Map(m).set(order.id, order));
  }, []);
  const remove = useCallback(
    (id: string) =>
      setOrders((m) => {
        if (!m.has(id)) return m;
        const next = new Map(m);
        next.delete(id);
        return next;
      }),
    [],
  );

  useOrderEvents((event) => {
    if (event.type === 'position') {
      const known = current.current.get(event.orderId);
      if (known && event.position) upsert({ ...known, courierPosition: event.position });
      return;
    }
    const ticket = (fetches.current.get(event.orderId) ?? 0) + 1;
    fetches.current.set(event.orderId, ticket);
    const before = current.current.get(event.orderId);
    api.order(event.orderId).then(
      (order) => {
        if (fetches.current.get(event.orderId) !== ticket) return;
        upsert(order);
        onChange?.(event, before, order);
      },
      (e: unknown) => {
        if (fetches.current.get(event.orderId) !== ticket) return;
        if (e instanceof HttpError && (e.status === 404 || e.status === 403)) {
          remove(event.orderId);
          onChange?.(event, before, null);
        }
      },
    );
  }, reload);

  return { orders: [...orders.values()], loading, error, reload, upsert };
}
