import { queryOptions } from '@tanstack/react-query';
import type { PaymentProvider } from '@dasturxon/domain';
import type { TableBill, TableBillCheckout, TableSeat, WaiterCall, WaiterCallRequest } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';

/** The table's calls (issue 32, docs/restaurant.md "QR tables"); the seat goes with every call (lib/http.ts). */
export const tableKeys = { bill: (sessionId: string) => ['table', 'bill', sessionId] as const };

/** `POST /tables/v1/sessions`: the table's link opened. */
export const openTable = (link: string): Promise<TableSeat> => http<TableSeat>('/tables/v1/sessions', { method: 'POST', body: { link } });

/** The table's bill, read again every few seconds while the page is open (the waiter's answer, the kitchen's progress). */
export const billQuery = (sessionId: string) =>
  queryOptions({
    queryKey: tableKeys.bill(sessionId),
    // With the token when there is one: the bill then marks the customer's own orders.
    queryFn: ({ signal }) => http<TableBill>('/tables/v1/bill', { signal, auth: true }),
    refetchInterval: 5000,
    retry: false,
  });

export const callWaiter = (body: WaiterCallRequest): Promise<WaiterCall> =>
  http<WaiterCall>('/tables/v1/calls', { method: 'POST', body, auth: true });

/** `POST /tables/v1/bill/pay`: what is left of the table's bill opened as one payment; answers the provider's page. */
export const payTableBill = (provider: PaymentProvider, lang: string): Promise<TableBillCheckout> =>
  http<TableBillCheckout>('/tables/v1/bill/pay', { method: 'POST', body: { provider }, auth: true, query: { lang } });
