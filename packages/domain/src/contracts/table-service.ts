import { z } from 'zod';
import { TABLE_SERVICE, WAITER_CALL_KINDS, WAITER_CALL_STATUSES } from '../table-service.ts';
import { PAYMENT_PROVIDERS } from '../enums.ts';
import { OrderStatus } from './enums.ts';
import { LocalizedText } from './languages.ts';

/*
 * Service at the table (issue 32; the rules are packages/domain/src/table-service.ts and table-link.ts;
 * docs/restaurant.md, "QR tables"). The table's guests call /api/tables/v1 with their seat in the X-Table-Seat
 * header; the staff's floor is under /api/ops/v1/floor.
 */

export const WaiterCallKind = z.enum(WAITER_CALL_KINDS);
export const WaiterCallStatus = z.enum(WAITER_CALL_STATUSES);

/** `POST /api/tables/v1/sessions`: the token of the table's link (`/t/<token>`). */
export const TableLinkRequest = z.strictObject({ link: z.string().min(1).max(200) });

/** Where a seat is: the table, its hall and branch. */
export const TablePlace = z.object({
  sessionId: z.uuid(),
  branch: z.object({ id: z.uuid(), name: LocalizedText }),
  hall: z.object({ id: z.uuid(), name: LocalizedText }),
  table: z.object({ id: z.uuid(), name: z.string(), seats: z.number().int() }),
  openedAt: z.iso.datetime(),
});
export type TablePlace = z.infer<typeof TablePlace>;

/** The answer of opening a table's link: the seat to send as X-Table-Seat, and whether guests may order without logging in. */
export const TableSeat = TablePlace.extend({
  seat: z.string(),
  guestOrders: z.boolean(),
});
export type TableSeat = z.infer<typeof TableSeat>;

export const WaiterCall = z.object({
  id: z.uuid(),
  kind: WaiterCallKind,
  status: WaiterCallStatus,
  note: z.string(),
  createdAt: z.iso.datetime(),
  takenAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
});
export type WaiterCall = z.infer<typeof WaiterCall>;

/** One order on the table's bill. */
export const TableBillOrder = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: OrderStatus,
  /** Placed by the caller (their own orders link to the order page, where they pay online). */
  mine: z.boolean(),
  lines: z.array(z.object({ name: LocalizedText, count: z.number().int(), net: z.number().int() })),
  total: z.number().int(),
  isPaid: z.boolean(),
  createdAt: z.iso.datetime(),
});

/** The table's running bill: every order of its session, and the totals (domain `tableBillTotals`). */
export const TableBill = z.object({
  place: TablePlace,
  orders: z.array(TableBillOrder),
  totals: z.object({ orders: z.number().int(), total: z.number().int(), paid: z.number().int(), due: z.number().int() }),
  /** The table's calls not closed yet ("the waiter is coming" once taken). */
  calls: z.array(WaiterCall),
  /** The providers the whole bill may be paid with online as one payment (decision 021); empty: ask the waiter. */
  payWith: z.array(z.enum(PAYMENT_PROVIDERS)),
  /** The table's bill last paid online as one payment, if any. */
  paidOnline: z
    .object({
      billId: z.uuid(),
      provider: z.enum(PAYMENT_PROVIDERS),
      total: z.number().int(),
      orders: z.number().int(),
      paidAt: z.iso.datetime(),
    })
    .nullable(),
});
export type TableBill = z.infer<typeof TableBill>;

export const WaiterCallRequest = z.strictObject({
  kind: WaiterCallKind,
  note: z
    .string()
    .max(TABLE_SERVICE.noteMax * 4)
    .optional(),
});
export type WaiterCallRequest = z.infer<typeof WaiterCallRequest>;

export const WaiterCallIdParams = z.object({ id: z.uuid() });

/** A call as the floor shows it: with its table and who is coming. */
export const FloorCall = WaiterCall.extend({
  branchId: z.uuid(),
  tableId: z.uuid(),
  tableName: z.string(),
  hallName: LocalizedText,
  takenBy: z.string().nullable(),
});
export type FloorCall = z.infer<typeof FloorCall>;

/** A table with a running session on the floor. */
export const FloorTable = z.object({
  sessionId: z.uuid(),
  branchId: z.uuid(),
  tableId: z.uuid(),
  tableName: z.string(),
  hallName: LocalizedText,
  openedAt: z.iso.datetime(),
  totals: TableBill.shape.totals,
  /** The table's bill last paid online as one payment (the staff need not bring it). */
  paidOnline: TableBill.shape.paidOnline,
});
export type FloorTable = z.infer<typeof FloorTable>;

export const FloorQuery = z.object({ branchId: z.uuid().optional() });

/** `GET /api/ops/v1/floor`: the open calls (oldest first) and the running tables of the staff member's branches. */
export const Floor = z.object({ calls: z.array(FloorCall), tables: z.array(FloorTable) });
export type Floor = z.infer<typeof Floor>;

export const FloorSessionParams = z.object({ id: z.uuid() });

/** `GET /api/ops/v1/floor/branches/:id/qr`: every active table of the branch with its QR link, for the print sheet. */
export const TableLinkSheet = z.object({
  branch: z.object({ id: z.uuid(), name: LocalizedText }),
  tables: z.array(z.object({ id: z.uuid(), name: z.string(), seats: z.number().int(), hallName: LocalizedText, url: z.string() })),
});
export type TableLinkSheet = z.infer<typeof TableLinkSheet>;
export const FloorBranchParams = z.object({ id: z.uuid() });

/** `POST /api/tables/v1/bill/pay`: pay what is left of the table's bill online as one payment, with this provider. */
export const TableBillPayRequest = z.strictObject({ provider: z.enum(PAYMENT_PROVIDERS) });
export type TableBillPayRequest = z.infer<typeof TableBillPayRequest>;

/** The bill opened for the payment: what it covers, and the provider's page to pay exactly that. */
export const TableBillCheckout = z.object({
  billId: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The orders it covers. */
  orderIds: z.array(z.uuid()),
  /** In so'm. */
  total: z.number().int().min(1),
  /** Open this address: the provider's payment page for exactly this bill. */
  url: z.url(),
  /** What is paid, in tiyin. */
  amount: z.number().int().min(1),
  /** Where the provider sends the guest back: the table's bill. */
  returnUrl: z.url(),
});
export type TableBillCheckout = z.infer<typeof TableBillCheckout>;
