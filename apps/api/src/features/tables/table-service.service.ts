import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  branches,
  diningTables,
  halls,
  orderLines,
  orders,
  staff,
  tableBillOrders,
  tableBills,
  tableSessions,
  waiterCalls,
  type Db,
  type TableSessionRow,
  type WaiterCallRow,
} from '@dasturxon/db';
import {
  AppError,
  allowedPaymentTypes,
  base64url,
  cleanCallNote,
  constantTimeEqual,
  isUuid,
  parseTableLink,
  signTableLink,
  TABLE_LINK_PATH,
  TABLE_SERVICE,
  tableBillCover,
  tableBillProviders,
  tableBillTotals,
  tableSessionOpen,
  verifyTableLink,
  waiterCallMove,
  waiterCallRefusal,
  worksAt,
  type LocalizedText,
  type PaymentProvider,
  type StaffRole,
  type WaiterCallKind,
} from '@dasturxon/domain';
import type {
  Floor,
  FloorCall,
  TableBill,
  TableLinkSheet,
  TablePlace,
  TableSeat,
  WaiterCall,
  WaiterCallRequest,
} from '@dasturxon/domain/contracts';
import type { Clock } from '../../clock.ts';
import { readSettings } from '../merchants/index.ts';
import { createOrdersRepository } from '../orders/index.ts';
import { nudge } from '../live/index.ts';

export interface TableServiceDeps {
  db: Db;
  clock: Clock;
  /** The server's secret (AUTH_SECRET): the key of the tables' links and seats is derived from it. */
  secret: string;
}

/** The table a seat is at: what an order placed with it carries (never the body's hall and table). */
export interface TableAt {
  sessionId: string;
  branchId: string;
  hallId: string;
  tableId: string;
}

/** The staff member asking (the floor is theirs only at the branches they work at). */
export interface FloorMember {
  id: string;
  merchantId: string;
  role: StaffRole;
  branchIds: readonly string[];
}

const SEAT_MAC_BYTES = 16;
const SEAT_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

/**
 * Service at the table (issue 32; docs/restaurant.md "QR tables"): a table's QR link opens (or joins) the table's
 * running session and answers a seat, the token its guests send as X-Table-Seat; with it they order (place-order
 * takes the table from the seat), read the table's bill and call the waiter. The staff's floor: the open calls and
 * running tables of their branches, taking and closing calls, closing a table, and the sheet of QR codes to print.
 */
export function createTableService({ db, clock, secret }: TableServiceDeps) {
  // One key per purpose, derived from the server's secret: a table's link and a seat can never stand for each other.
  const keyOf = (purpose: string) => createHmac('sha256', secret).update(`dasturxon/${purpose}/v1`).digest();
  const linkKey = keyOf('table-links');
  const seatKey = keyOf('table-seats');
  const linkHmac = (text: string) => new Uint8Array(createHmac('sha256', linkKey).update(text).digest());
  const seatMac = (merchantId: string, sessionId: string) =>
    base64url(new Uint8Array(createHmac('sha256', seatKey).update(`seat:${merchantId}:${sessionId}`).digest()).slice(0, SEAT_MAC_BYTES));

  /** The table of a place with its hall and branch, active ones only. */
  async function placeOf(tx: Db, merchantId: string, tableId: string) {
    const [row] = await tx
      .select({
        tableId: diningTables.id,
        tableName: diningTables.name,
        seats: diningTables.seats,
        hallId: halls.id,
        hallName: halls.name,
        branchId: branches.id,
        branchName: branches.name,
      })
      .from(diningTables)
      .innerJoin(halls, and(eq(halls.merchantId, diningTables.merchantId), eq(halls.id, diningTables.hallId)))
      .innerJoin(branches, and(eq(branches.merchantId, diningTables.merchantId), eq(branches.id, diningTables.branchId)))
      .where(
        and(
          eq(diningTables.merchantId, merchantId),
          eq(diningTables.id, tableId),
          eq(diningTables.active, true),
          eq(halls.active, true),
          eq(branches.isActive, true),
        ),
      );
    return row ?? null;
  }

  type Place = NonNullable<Awaited<ReturnType<typeof placeOf>>>;

  const placeView = (place: Place, session: TableSessionRow): TablePlace => ({
    sessionId: session.id,
    branch: { id: place.branchId, name: place.branchName as LocalizedText },
    hall: { id: place.hallId, name: place.hallName as LocalizedText },
    table: { id: place.tableId, name: place.tableName, seats: place.seats },
    openedAt: session.openedAt.toISOString(),
  });

  const callView = (c: WaiterCallRow): WaiterCall => ({
    id: c.id,
    kind: c.kind as WaiterCallKind,
    status: c.status as WaiterCall['status'],
    note: c.note,
    createdAt: c.createdAt.toISOString(),
    takenAt: c.takenAt?.toISOString() ?? null,
    closedAt: c.closedAt?.toISOString() ?? null,
  });

  /** The seat's session, open and of this brand, with its place; TABLE_SESSION_ENDED otherwise. */
  async function seated(merchantId: string, seat: string | undefined): Promise<{ session: TableSessionRow; place: Place }> {
    const parsed = seat ? SEAT_PATTERN.exec(seat) : null;
    if (!parsed || !constantTimeEqual(parsed[2]!, seatMac(merchantId, parsed[1]!))) throw new AppError('TABLE_SESSION_ENDED');
    const [session] = await db
      .select()
      .from(tableSessions)
      .where(and(eq(tableSessions.merchantId, merchantId), eq(tableSessions.id, parsed[1]!)));
    if (!session || !tableSessionOpen(session, clock.now())) throw new AppError('TABLE_SESSION_ENDED');
    const place = await placeOf(db, merchantId, session.tableId);
    if (!place) throw new AppError('TABLE_SESSION_ENDED');
    return { session, place };
  }

  /** The floor of a branch the staff member works at; another branch answers NOT_FOUND (as a call or table of it does). */
  function mustWorkAt(member: FloorMember, branchId: string): void {
    if (!worksAt(member, branchId)) throw new AppError('NOT_FOUND');
  }

  async function callOf(merchantId: string, id: string): Promise<WaiterCallRow> {
    const [row] = await db
      .select()
      .from(waiterCalls)
      .where(and(eq(waiterCalls.merchantId, merchantId), eq(waiterCalls.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The providers the table's whole bill may be paid with (domain tableBillProviders over the QR channel's types). */
  async function billProviders(merchantId: string): Promise<PaymentProvider[]> {
    const settings = await createOrdersRepository(db).settings(merchantId);
    return tableBillProviders(allowedPaymentTypes(settings, settings.methods, 'QR'));
  }

  /** The last bill of each session paid online as one payment. */
  async function paidOnlineOf(merchantId: string, sessionIds: string[]) {
    if (!sessionIds.length) return new Map<string, TableBill['paidOnline']>();
    const rows = await db
      .select({
        billId: tableBills.id,
        sessionId: tableBills.sessionId,
        provider: tableBills.provider,
        total: tableBills.total,
        paidAt: tableBills.paidAt,
        orders: sql<number>`(select count(*)::int from ${tableBillOrders} where ${tableBillOrders.merchantId} = ${tableBills.merchantId} and ${tableBillOrders.billId} = ${tableBills.id})`,
      })
      .from(tableBills)
      .where(and(eq(tableBills.merchantId, merchantId), inArray(tableBills.sessionId, sessionIds), eq(tableBills.status, 'PAID')))
      .orderBy(desc(tableBills.paidAt));
    const found = new Map<string, TableBill['paidOnline']>();
    for (const r of rows)
      if (!found.has(r.sessionId))
        found.set(r.sessionId, {
          billId: r.billId,
          provider: r.provider,
          total: r.total,
          orders: Number(r.orders),
          paidAt: (r.paidAt ?? new Date(0)).toISOString(),
        });
    return found;
  }

  return {
    /** The link's token of a table (the QR sheet; tests). */
    linkOf(target: { brandId: string; branchId: string; tableId: string }): string {
      return signTableLink(target, linkHmac);
    },

    /**
     * Opens a table's link: the table found by the token's id among this brand's active tables, the link checked
     * against the table's own brand and branch (TABLE_LINK_INVALID otherwise); then the table's open session, opened
     * when it has none (or the one it has is over). FEATURE_OFF where the brand takes no dine-in orders.
     */
    async open(merchantId: string, link: string): Promise<TableSeat> {
      const settings = await readSettings(db, merchantId);
      if (!settings.dineInActive) throw new AppError('FEATURE_OFF');
      const parsed = parseTableLink(link);
      const place = parsed && isUuid(parsed.tableId) ? await placeOf(db, merchantId, parsed.tableId) : null;
      if (!place || !verifyTableLink(link, { brandId: merchantId, branchId: place.branchId, tableId: place.tableId }, linkHmac))
        throw new AppError('TABLE_LINK_INVALID');
      const now = clock.now();
      const session = await db.transaction(async (tx) => {
        const open = async () =>
          (
            await tx
              .select()
              .from(tableSessions)
              .where(
                and(eq(tableSessions.merchantId, merchantId), eq(tableSessions.tableId, place.tableId), isNull(tableSessions.closedAt)),
              )
              .for('update')
          )[0];
        let current = await open();
        if (current && !tableSessionOpen(current, now)) {
          await tx
            .update(tableSessions)
            .set({ closedAt: now })
            .where(and(eq(tableSessions.merchantId, merchantId), eq(tableSessions.id, current.id)));
          current = undefined;
        }
        if (current) return current;
        // Two guests scanning at once: the partial unique index lets one session in, the other joins it.
        const [inserted] = await tx
          .insert(tableSessions)
          .values({ merchantId, branchId: place.branchId, hallId: place.hallId, tableId: place.tableId, openedAt: now })
          .onConflictDoNothing()
          .returning();
        if (inserted) await nudge(tx, { topic: 'floor', merchantId, branchId: place.branchId, sessionId: inserted.id, what: 'table' });
        return inserted ?? (await open())!;
      });
      return {
        ...placeView(place, session),
        seat: `${session.id}.${seatMac(merchantId, session.id)}`,
        guestOrders: settings.qrGuestOrders,
      };
    },

    /** The table a seat is at, for an order placed with it; TABLE_SESSION_ENDED for a seat that is not (or no longer) one. */
    async tableAt(merchantId: string, seat: string): Promise<TableAt> {
      const { session } = await seated(merchantId, seat);
      return { sessionId: session.id, branchId: session.branchId, hallId: session.hallId, tableId: session.tableId };
    },

    /** Whether the brand lets its table guests order without logging in (`qrGuestOrders`); the seat must be live. */
    async mayOrderAsGuest(merchantId: string, seat: string | undefined): Promise<void> {
      await seated(merchantId, seat);
      if (!(await readSettings(db, merchantId)).qrGuestOrders) throw new AppError('TABLE_GUESTS_OFF');
    },

    /** The table's running bill: every order of its session (anyone's at the table), the totals, the open calls. */
    async bill(merchantId: string, seat: string | undefined, userId: string | null): Promise<TableBill> {
      const { session, place } = await seated(merchantId, seat);
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          userId: orders.userId,
          total: orders.totalPrice,
          isPaid: orders.isPaid,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), eq(orders.tableSessionId, session.id)))
        .orderBy(asc(orders.createdAt));
      const lines = rows.length
        ? await db
            .select({ orderId: orderLines.orderId, name: orderLines.name, count: orderLines.count, net: orderLines.net })
            .from(orderLines)
            .where(
              and(
                eq(orderLines.merchantId, merchantId),
                inArray(
                  orderLines.orderId,
                  rows.map((r) => r.id),
                ),
              ),
            )
            .orderBy(asc(orderLines.position))
        : [];
      const calls = await db
        .select()
        .from(waiterCalls)
        .where(and(eq(waiterCalls.merchantId, merchantId), eq(waiterCalls.sessionId, session.id), ne(waiterCalls.status, 'CLOSED')))
        .orderBy(asc(waiterCalls.createdAt));
      return {
        place: placeView(place, session),
        orders: rows.map((r) => ({
          id: r.id,
          number: r.number,
          status: r.status,
          mine: r.userId === userId,
          lines: lines.filter((l) => l.orderId === r.id).map((l) => ({ name: l.name as LocalizedText, count: l.count, net: l.net })),
          total: r.total,
          isPaid: r.isPaid,
          createdAt: r.createdAt.toISOString(),
        })),
        totals: tableBillTotals(
          rows.map((r) => ({ total: r.total, paidAmount: r.isPaid ? r.total : 0, cancelled: r.status === 'CANCELED' })),
        ),
        calls: calls.map(callView),
        payWith: await billProviders(merchantId),
        paidOnline: (await paidOnlineOf(merchantId, [session.id])).get(session.id) ?? null,
      };
    },

    /**
     * Opens the table's bill for one online payment (decision 021): every order of the seat's session not paid and not
     * cancelled now (domain tableBillCover), with its total, and their sum, to be paid through `provider`. An order
     * placed later is not in it; the provider's check refuses it once any covered order changed. 409
     * TABLE_BILL_EMPTY when nothing is left to pay; 409 PAYMENT_TYPE_NOT_ALLOWED for a provider the table cannot pay with.
     */
    async openBill(merchantId: string, seat: string | undefined, provider: PaymentProvider) {
      const { session } = await seated(merchantId, seat);
      if (!(await billProviders(merchantId)).includes(provider))
        throw new AppError('PAYMENT_TYPE_NOT_ALLOWED', { paymentType: provider, reason: 'TABLE_BILL' });
      const now = clock.now();
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: orders.id, total: orders.totalPrice, isPaid: orders.isPaid, status: orders.status })
          .from(orders)
          .where(and(eq(orders.merchantId, merchantId), eq(orders.tableSessionId, session.id)));
        const cover = tableBillCover(rows);
        if (!cover.lines.length) throw new AppError('TABLE_BILL_EMPTY');
        const [bill] = await tx
          .insert(tableBills)
          .values({ merchantId, sessionId: session.id, branchId: session.branchId, provider, total: cover.total, createdAt: now })
          .returning();
        await tx
          .insert(tableBillOrders)
          .values(cover.lines.map((l) => ({ merchantId, billId: bill!.id, orderId: l.orderId, amount: l.amount })));
        return { billId: bill!.id, provider, orderIds: cover.lines.map((l) => l.orderId), total: cover.total };
      });
    },

    /**
     * A call from the table: one not closed of each kind per table (WAITER_CALL_OPEN), at most
     * TABLE_SERVICE.callsPerWindow an hour (WAITER_CALL_RATE_LIMITED), a short note. Serialised per table by the
     * session row's lock; the partial unique index holds the first rule whatever happens.
     */
    async call(merchantId: string, seat: string | undefined, body: WaiterCallRequest): Promise<WaiterCall> {
      const { session } = await seated(merchantId, seat);
      const note = cleanCallNote(body.note);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        await tx
          .select({ id: tableSessions.id })
          .from(tableSessions)
          .where(and(eq(tableSessions.merchantId, merchantId), eq(tableSessions.id, session.id)))
          .for('update');
        const open = await tx
          .select({ kind: waiterCalls.kind })
          .from(waiterCalls)
          .where(and(eq(waiterCalls.merchantId, merchantId), eq(waiterCalls.tableId, session.tableId), ne(waiterCalls.status, 'CLOSED')));
        const [recent] = await tx
          .select({ n: count() })
          .from(waiterCalls)
          .where(
            and(
              eq(waiterCalls.merchantId, merchantId),
              eq(waiterCalls.tableId, session.tableId),
              gte(waiterCalls.createdAt, new Date(now.getTime() - TABLE_SERVICE.callWindowMinutes * 60_000)),
            ),
          );
        const refusal = waiterCallRefusal({
          kind: body.kind,
          note,
          openKinds: open.map((o) => o.kind as WaiterCallKind),
          recentCalls: Number(recent?.n ?? 0),
        });
        if (refusal) throw new AppError(refusal, refusal === 'WAITER_CALL_RATE_LIMITED' ? { retryAfterSeconds: 300 } : { kind: body.kind });
        const [inserted] = await tx
          .insert(waiterCalls)
          .values({
            merchantId,
            branchId: session.branchId,
            tableId: session.tableId,
            sessionId: session.id,
            kind: body.kind,
            note,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new AppError('WAITER_CALL_OPEN', { kind: body.kind });
        await nudge(tx, { topic: 'floor', merchantId, branchId: session.branchId, sessionId: session.id, what: 'call' });
        return inserted;
      });
      return callView(row);
    },

    /** The open calls (oldest first) and the running tables of the member's branches (or of one of them). */
    async floor(member: FloorMember, branchId?: string): Promise<Floor> {
      const { merchantId } = member;
      if (branchId) mustWorkAt(member, branchId);
      const now = clock.now();
      const callRows = await db
        .select({
          call: waiterCalls,
          tableName: diningTables.name,
          hallName: halls.name,
          takenBy: staff.name,
        })
        .from(waiterCalls)
        .innerJoin(diningTables, and(eq(diningTables.merchantId, waiterCalls.merchantId), eq(diningTables.id, waiterCalls.tableId)))
        .innerJoin(halls, and(eq(halls.merchantId, diningTables.merchantId), eq(halls.id, diningTables.hallId)))
        .leftJoin(staff, and(eq(staff.merchantId, waiterCalls.merchantId), eq(staff.id, waiterCalls.takenBy)))
        .where(
          and(
            eq(waiterCalls.merchantId, merchantId),
            ne(waiterCalls.status, 'CLOSED'),
            branchId ? eq(waiterCalls.branchId, branchId) : undefined,
          ),
        )
        .orderBy(asc(waiterCalls.createdAt));
      const sessions = await db
        .select({ session: tableSessions, tableName: diningTables.name, hallName: halls.name })
        .from(tableSessions)
        .innerJoin(diningTables, and(eq(diningTables.merchantId, tableSessions.merchantId), eq(diningTables.id, tableSessions.tableId)))
        .innerJoin(halls, and(eq(halls.merchantId, tableSessions.merchantId), eq(halls.id, tableSessions.hallId)))
        .where(
          and(
            eq(tableSessions.merchantId, merchantId),
            isNull(tableSessions.closedAt),
            gte(tableSessions.openedAt, new Date(now.getTime() - TABLE_SERVICE.sessionHours * 3_600_000)),
            branchId ? eq(tableSessions.branchId, branchId) : undefined,
          ),
        )
        .orderBy(asc(diningTables.name));
      const mine = <T extends { branchId: string }>(x: T) => worksAt(member, x.branchId);
      const sessionIds = sessions.map((s) => s.session.id);
      const billRows = sessionIds.length
        ? await db
            .select({ sessionId: orders.tableSessionId, total: orders.totalPrice, isPaid: orders.isPaid, status: orders.status })
            .from(orders)
            .where(and(eq(orders.merchantId, merchantId), inArray(orders.tableSessionId, sessionIds)))
        : [];
      const paidOnline = await paidOnlineOf(merchantId, sessionIds);
      const calls: FloorCall[] = callRows
        .filter((r) => mine(r.call))
        .map((r) => ({
          ...callView(r.call),
          branchId: r.call.branchId,
          tableId: r.call.tableId,
          tableName: r.tableName,
          hallName: r.hallName as LocalizedText,
          takenBy: r.call.takenBy ? (r.takenBy ?? '') : null,
        }));
      return {
        calls,
        tables: sessions
          .filter((s) => mine(s.session))
          .map((s) => ({
            sessionId: s.session.id,
            branchId: s.session.branchId,
            tableId: s.session.tableId,
            tableName: s.tableName,
            hallName: s.hallName as LocalizedText,
            openedAt: s.session.openedAt.toISOString(),
            totals: tableBillTotals(
              billRows
                .filter((o) => o.sessionId === s.session.id)
                .map((o) => ({ total: o.total, paidAmount: o.isPaid ? o.total : 0, cancelled: o.status === 'CANCELED' })),
            ),
            paidOnline: paidOnline.get(s.session.id) ?? null,
          })),
      };
    },

    /** A staff member takes an open call ("the waiter is coming") or closes one; WAITER_CALL_MOVE_INVALID when it moved on. */
    async moveCall(member: FloorMember, id: string, to: 'TAKEN' | 'CLOSED'): Promise<WaiterCall> {
      const row = await callOf(member.merchantId, id);
      mustWorkAt(member, row.branchId);
      if (!waiterCallMove(row.status as WaiterCall['status'], to)) throw new AppError('WAITER_CALL_MOVE_INVALID', { status: row.status });
      const now = clock.now();
      const moved = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(waiterCalls)
          .set(
            to === 'TAKEN'
              ? { status: 'TAKEN', takenAt: now, takenBy: member.id }
              : { status: 'CLOSED', closedAt: now, closedBy: member.id, takenBy: row.takenBy ?? member.id },
          )
          .where(and(eq(waiterCalls.merchantId, member.merchantId), eq(waiterCalls.id, id), eq(waiterCalls.status, row.status)))
          .returning();
        if (updated)
          await nudge(tx, {
            topic: 'floor',
            merchantId: member.merchantId,
            branchId: row.branchId,
            sessionId: row.sessionId,
            what: 'call',
          });
        return updated;
      });
      if (!moved) throw new AppError('WAITER_CALL_MOVE_INVALID', { status: (await callOf(member.merchantId, id)).status });
      return callView(moved);
    },

    /** Closes a table: its session ends (its seats order no more) and its calls close. */
    async closeTable(member: FloorMember, sessionId: string): Promise<void> {
      const now = clock.now();
      const [session] = await db
        .select()
        .from(tableSessions)
        .where(and(eq(tableSessions.merchantId, member.merchantId), eq(tableSessions.id, sessionId)));
      if (!session) throw new AppError('NOT_FOUND');
      mustWorkAt(member, session.branchId);
      if (session.closedAt) return;
      await db.transaction(async (tx) => {
        await tx
          .update(tableSessions)
          .set({ closedAt: now, closedBy: member.id })
          .where(and(eq(tableSessions.merchantId, member.merchantId), eq(tableSessions.id, sessionId), isNull(tableSessions.closedAt)));
        await tx
          .update(waiterCalls)
          .set({ status: 'CLOSED', closedAt: now, closedBy: member.id })
          .where(
            and(eq(waiterCalls.merchantId, member.merchantId), eq(waiterCalls.sessionId, sessionId), ne(waiterCalls.status, 'CLOSED')),
          );
        await nudge(tx, { topic: 'floor', merchantId: member.merchantId, branchId: session.branchId, sessionId, what: 'table' });
      });
    },

    /** Every active table of a branch with its link on the brand's site (`origin`), for the sheet of QR codes. */
    async sheet(member: FloorMember, branchId: string, origin: string): Promise<TableLinkSheet> {
      mustWorkAt(member, branchId);
      const [branch] = await db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(and(eq(branches.merchantId, member.merchantId), eq(branches.id, branchId)));
      if (!branch) throw new AppError('NOT_FOUND');
      const rows = await db
        .select({ id: diningTables.id, name: diningTables.name, seats: diningTables.seats, hallName: halls.name })
        .from(diningTables)
        .innerJoin(halls, and(eq(halls.merchantId, diningTables.merchantId), eq(halls.id, diningTables.hallId)))
        .where(
          and(
            eq(diningTables.merchantId, member.merchantId),
            eq(diningTables.branchId, branchId),
            eq(diningTables.active, true),
            eq(halls.active, true),
          ),
        )
        .orderBy(asc(halls.priority), sql`length(${diningTables.name})`, asc(diningTables.name));
      return {
        branch: { id: branch.id, name: branch.name as LocalizedText },
        tables: rows.map((t) => ({
          id: t.id,
          name: t.name,
          seats: t.seats,
          hallName: t.hallName as LocalizedText,
          url: `${origin}${TABLE_LINK_PATH}${signTableLink({ brandId: member.merchantId, branchId, tableId: t.id }, linkHmac)}`,
        })),
      };
    },
  };
}

export type TableService = ReturnType<typeof createTableService>;
