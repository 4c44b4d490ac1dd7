import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  branches,
  diningTables,
  halls,
  merchants,
  merchantSecrets,
  notifications,
  reservations,
  users,
  type Db,
  type ReservationRow,
} from '@dasturxon/db';
import {
  AppError,
  DEFAULT_TIME_ZONE,
  formatTimeOfDay,
  zonedDay,
  HOLDING_STATUSES,
  RESERVATION,
  canMoveReservation,
  checkReservation,
  customerMayCancelReservation,
  largestTable,
  normalizePhone,
  pickText,
  reservationNewsOf,
  reservationSlots,
  worksAt,
  type BookableTable,
  type BookingPlace,
  type LocalizedText,
  type Reservation,
  type ReservationMoveRequest,
  type ReservationNewsKind,
  type ReservationRequest,
  type ReservationSlots,
  type StaffReservationRequest,
  type StaffRole,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { reservationSmsText, type ReservationNews } from '../../sms/sms-text.ts';
import { nudge } from '../live/index.ts';
import { readSettings } from '../merchants/index.ts';
import { createQuoteRepository } from '../quote/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;

/** Who books: a signed-in customer (name and phone from their account), or a staff member for a phone call. */
export type Booker =
  | { kind: 'customer'; merchantId: string; userId: string; name: string; phone: string }
  | { kind: 'staff'; merchantId: string; staffId: string; role: StaffRole; branchIds: readonly string[] };

export interface StaffMember {
  merchantId: string;
  id: string;
  role: StaffRole;
  branchIds: readonly string[];
}

const DAY_MS = 86_400_000;

/**
 * Table reservations (issue 32): the customer's form and "my reservations", and the staff's book. What may be booked is
 * the domain's rule (`checkReservation`); this reads the branch, its tables and what they already hold, and writes.
 * Two requests for the last free table are serialised by a lock on the branch's row, so one wins and the other is told
 * RESERVATION_FULL with the nearest free times, on PostgreSQL as on PGlite.
 */
export interface ReservationsDeps {
  db: Db;
  clock: Clock;
  /** Sends an SMS through the brand's gateway; a failure is the caller's to log, never the booking's. */
  sms?: (merchantId: string, to: string, text: string) => Promise<void>;
  /** Where a message that could not be sent is written down. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export function createReservationsService({ db, clock, sms, log }: ReservationsDeps) {
  /**
   * Tells the guest by SMS that the branch confirmed or cancelled their table (and confirms a booking made for their
   * call), in the brand's main language, after the change is committed.
   */
  async function tell(merchantId: string, r: Reservation, news: ReservationNews): Promise<void> {
    if (!sms) return;
    try {
      await sendNews(merchantId, r, news, sms);
    } catch (error) {
      log?.warn({ err: error, merchantId, reservationId: r.id }, 'the reservation SMS was not sent');
    }
  }

  async function sendNews(merchantId: string, r: Reservation, news: ReservationNews, send: NonNullable<ReservationsDeps['sms']>) {
    const settings = await readSettings(db, merchantId);
    const [merchant] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
    const [branch] = await createQuoteRepository(db).branches(merchantId, r.branchId);
    const zone = branch?.timeZone ?? DEFAULT_TIME_ZONE;
    const day = zonedDay(new Date(r.startsAt), zone);
    const when = `${day.slice(8, 10)}.${day.slice(5, 7)} ${formatTimeOfDay(r.startsAt, { timeZone: zone })}`;
    const text = reservationSmsText({
      news,
      language: settings.mainLanguage,
      brand: merchant?.name ?? '',
      when,
      guests: r.guests,
      branch: pickText(r.branchName, settings.mainLanguage),
      reason: news === 'CANCELLED' && r.cancelReason !== 'STAFF' ? r.cancelReason : null,
    });
    await send(merchantId, r.phone, text);
  }

  /**
   * The customer's notice of their reservation's news (docs/restaurant.md, "How the customer is told"), written in the
   * transaction of the change: to the customer who booked it, or, for one the staff wrote for a call, to the brand's
   * customer with that phone (none when the phone is nobody's). Only where the brand has notificationsActive; PENDING
   * for the Telegram sender where the customer logged in through the brand's bot and the brand has one.
   */
  /** The branch's book changed: its open books in the console read it again (live/nudges.ts), once this commits. */
  const inBook = (tx: Tx, row: ReservationRow) =>
    nudge(tx as Db, { topic: 'reservation', merchantId: row.merchantId, branchId: row.branchId, reservationId: row.id });

  async function notice(tx: Tx, row: ReservationRow, news: ReservationNewsKind): Promise<void> {
    if (!(await readSettings(tx, row.merchantId)).notificationsActive) return;
    const [customer] = await tx
      .select({ id: users.id, telegramUserId: users.telegramUserId })
      .from(users)
      .where(
        and(
          eq(users.merchantId, row.merchantId),
          row.userId ? eq(users.id, row.userId) : eq(users.phone, row.phone),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    if (!customer) return;
    const [bot] = customer.telegramUserId
      ? await tx
          .select({ id: merchantSecrets.merchantId })
          .from(merchantSecrets)
          .where(and(eq(merchantSecrets.merchantId, row.merchantId), isNotNull(merchantSecrets.telegramBotToken)))
      : [];
    const chatId = bot ? customer.telegramUserId : null;
    await tx.insert(notifications).values({
      merchantId: row.merchantId,
      userId: customer.id,
      kind: 'RESERVATION',
      reservationId: row.id,
      reservationNews: news,
      reservationAt: row.startsAt,
      telegramChatId: chatId,
      telegramState: chatId ? 'PENDING' : 'NONE',
      createdAt: clock.now(),
    });
  }

  /** The branch as the rule needs it, or BRANCH_NOT_FOUND; FEATURE_OFF unless the brand and the branch take bookings. */
  async function bookingBranch(r: Reader, merchantId: string, branchId: string) {
    const settings = await readSettings(r, merchantId);
    const [branch] = await createQuoteRepository(r).branches(merchantId, branchId);
    if (!branch || !branch.isActive) throw new AppError('BRANCH_NOT_FOUND');
    const [own] = await r
      .select({ settings: branches.settings, bookingPhone: branches.bookingPhone })
      .from(branches)
      .where(and(eq(branches.merchantId, merchantId), eq(branches.id, branchId)));
    if (!settings.bookingActive || !own?.settings.bookingEnabled) throw new AppError('FEATURE_OFF');
    return { ...branch, bookingPhone: own.bookingPhone };
  }

  async function tablesOf(r: Reader, merchantId: string, branchId: string): Promise<BookableTable[]> {
    return r
      .select({ id: diningTables.id, hallId: diningTables.hallId, seats: diningTables.seats })
      .from(diningTables)
      .innerJoin(halls, and(eq(halls.merchantId, diningTables.merchantId), eq(halls.id, diningTables.hallId)))
      .where(
        and(
          eq(diningTables.merchantId, merchantId),
          eq(diningTables.branchId, branchId),
          eq(diningTables.active, true),
          eq(halls.active, true),
        ),
      );
  }

  /** What the branch's tables hold around an instant (two days either side covers any day's slots and their stays). */
  async function heldAround(r: Reader, merchantId: string, branchId: string, at: Date) {
    return r
      .select({ tableId: reservations.tableId, startsAt: reservations.startsAt, endsAt: reservations.endsAt })
      .from(reservations)
      .where(
        and(
          eq(reservations.merchantId, merchantId),
          eq(reservations.branchId, branchId),
          inArray(reservations.status, [...HOLDING_STATUSES]),
          gt(reservations.endsAt, new Date(at.getTime() - 2 * DAY_MS)),
          lt(reservations.startsAt, new Date(at.getTime() + 2 * DAY_MS)),
        ),
      );
  }

  async function placeOf(r: Reader, merchantId: string, branchId: string, dayStart: Date, leadMinutes?: number) {
    const branch = await bookingBranch(r, merchantId, branchId);
    const place: BookingPlace = {
      now: clock.now(),
      timeZone: branch.timeZone,
      hours: branch.hours,
      specialDays: branch.specialDays,
      tables: await tablesOf(r, merchantId, branchId),
      held: await heldAround(r, merchantId, branchId, dayStart),
      leadMinutes,
    };
    return { branch, place };
  }

  /** A reservation as the API shows it, with its branch's, hall's and table's names. */
  async function views(r: Reader, merchantId: string, rows: ReservationRow[]): Promise<Reservation[]> {
    if (rows.length === 0) return [];
    const branchIds = [...new Set(rows.map((x) => x.branchId))];
    const names = await r
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .where(and(eq(branches.merchantId, merchantId), inArray(branches.id, branchIds)));
    const hallRows = await r
      .select({ id: halls.id, name: halls.name })
      .from(halls)
      .where(and(eq(halls.merchantId, merchantId), inArray(halls.branchId, branchIds)));
    const tableRows = await r
      .select({ id: diningTables.id, name: diningTables.name, hallId: diningTables.hallId })
      .from(diningTables)
      .where(and(eq(diningTables.merchantId, merchantId), inArray(diningTables.branchId, branchIds)));
    const branchName = new Map(names.map((b) => [b.id, b.name as LocalizedText]));
    const hallName = new Map(hallRows.map((h) => [h.id, h.name as LocalizedText]));
    const table = new Map(tableRows.map((t) => [t.id, t]));
    const now = clock.now();
    return rows.map((x) => {
      const t = table.get(x.tableId);
      const hallId = x.hallId ?? t?.hallId ?? null;
      return {
        id: x.id,
        version: x.version,
        branchId: x.branchId,
        branchName: branchName.get(x.branchId) ?? {},
        hallId,
        hallName: hallId ? (hallName.get(hallId) ?? null) : null,
        tableId: x.tableId,
        tableName: t?.name ?? null,
        name: x.name,
        phone: x.phone,
        guests: x.guests,
        startsAt: x.startsAt.toISOString(),
        endsAt: x.endsAt.toISOString(),
        status: x.status,
        comment: x.comment,
        cancelReason: x.cancelReason,
        canCancel: x.userId !== null && customerMayCancelReservation(x.status, x.startsAt, now),
        byStaff: x.userId === null,
        createdAt: x.createdAt.toISOString(),
      };
    });
  }

  /** Books a table: the branch's row is locked for the read-check-write, so the rule sees every earlier booking. */
  async function book(booker: Booker, body: ReservationRequest | StaffReservationRequest): Promise<Reservation> {
    const { merchantId } = booker;
    if (booker.kind === 'staff' && !worksAt(booker, body.branchId)) throw new AppError('FORBIDDEN');
    const name = booker.kind === 'customer' ? booker.name : (body as StaffReservationRequest).name;
    const phone = booker.kind === 'customer' ? booker.phone : normalizePhone((body as StaffReservationRequest).phone);
    if (!phone) throw new AppError('PHONE_INVALID');
    const booked = await db.transaction(async (tx) => {
      await tx
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.merchantId, merchantId), eq(branches.id, body.branchId)))
        .for('update');
      const dayStart = new Date(`${body.day}T00:00:00Z`);
      if (Number.isNaN(dayStart.getTime())) throw new AppError('RESERVATION_TIME_INVALID', { reason: 'FORMAT' });
      // The staff write down a call for any time the branch seats guests, even in the next hour.
      const { place } = await placeOf(tx, merchantId, body.branchId, dayStart, booker.kind === 'staff' ? 0 : undefined);
      const verdict = checkReservation({ day: body.day, time: body.time, guests: body.guests, hallId: body.hallId }, place);
      if (!verdict.ok) throw new AppError(verdict.problem.code, verdict.problem.details);
      const [row] = await tx
        .insert(reservations)
        .values({
          merchantId,
          branchId: body.branchId,
          userId: booker.kind === 'customer' ? booker.userId : null,
          staffId: booker.kind === 'staff' ? booker.staffId : null,
          hallId: body.hallId ?? null,
          tableId: verdict.table.id,
          name,
          phone,
          guests: body.guests,
          startsAt: verdict.startsAt,
          endsAt: verdict.endsAt,
          // The staff's own entry is confirmed as they write it; a customer's waits for the branch.
          status: booker.kind === 'staff' ? 'CONFIRMED' : 'REQUESTED',
          comment: body.comment,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      if (booker.kind === 'staff') await notice(tx, row!, 'BOOKED');
      await inBook(tx, row!);
      return (await views(tx, merchantId, [row!]))[0]!;
    });
    if (booker.kind === 'staff') await tell(merchantId, booked, 'CONFIRMED');
    return booked;
  }

  return {
    /** The form's times for a day: each bookable time, free or full, with the halls and the branch's booking phone. */
    async slots(merchantId: string, branchId: string, day: string, guests: number, hallId?: string): Promise<ReservationSlots> {
      const dayStart = new Date(`${day}T00:00:00Z`);
      const { branch, place } = await placeOf(db, merchantId, branchId, dayStart);
      const hallRows = await db
        .select({ id: halls.id, name: halls.name })
        .from(halls)
        .where(and(eq(halls.merchantId, merchantId), eq(halls.branchId, branchId), eq(halls.active, true)))
        .orderBy(asc(halls.priority), asc(halls.id));
      const hallList = hallRows
        .map((h) => ({ id: h.id, name: h.name as LocalizedText, maxGuests: largestTable(place.tables, h.id) }))
        .filter((h) => h.maxGuests > 0);
      return {
        branchId,
        day,
        bookingPhone: branch.bookingPhone,
        halls: hallList,
        maxGuests: Math.min(RESERVATION.maxGuests, largestTable(place.tables, hallId)),
        slots: reservationSlots(day, guests, place, hallId),
      };
    },

    book,

    /**
     * The customer's reservations, the latest time first: theirs, and those the staff wrote for a call from their phone
     * (told to them as BOOKED; the branch cancels those, not the customer).
     */
    async mine(merchantId: string, userId: string): Promise<Reservation[]> {
      const [me] = await db
        .select({ phone: users.phone })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), eq(users.id, userId)));
      const rows = await db
        .select()
        .from(reservations)
        .where(
          and(
            eq(reservations.merchantId, merchantId),
            me?.phone
              ? or(eq(reservations.userId, userId), and(isNull(reservations.userId), eq(reservations.phone, me.phone)))
              : eq(reservations.userId, userId),
          ),
        )
        .orderBy(desc(reservations.startsAt))
        .limit(100);
      return views(db, merchantId, rows);
    },

    /** The customer cancels their own reservation, until RESERVATION.cancelUntilMinutes before it. */
    async cancelMine(merchantId: string, userId: string, id: string): Promise<Reservation> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(reservations)
          .where(and(eq(reservations.merchantId, merchantId), eq(reservations.id, id), eq(reservations.userId, userId)))
          .for('update');
        if (!row) throw new AppError('NOT_FOUND');
        if (!customerMayCancelReservation(row.status, row.startsAt, clock.now())) throw new AppError('RESERVATION_CANCEL_CLOSED');
        const [moved] = await tx
          .update(reservations)
          .set({ status: 'CANCELLED', cancelReason: 'CUSTOMER', version: row.version + 1, updatedAt: clock.now() })
          .where(and(eq(reservations.merchantId, merchantId), eq(reservations.id, id)))
          .returning();
        await inBook(tx, moved!);
        return (await views(tx, merchantId, [moved!]))[0]!;
      });
    },

    /** The staff's book: a branch's reservations of a day (in the branch's zone), by time. */
    async bookOf(member: StaffMember, branchId: string, day: string): Promise<Reservation[]> {
      if (!worksAt(member, branchId)) throw new AppError('FORBIDDEN');
      const [branch] = await createQuoteRepository(db).branches(member.merchantId, branchId);
      if (!branch) throw new AppError('BRANCH_NOT_FOUND');
      const from = new Date(`${day}T00:00:00Z`);
      // The zone's day lies within a day and a half either side of UTC's; the rows are then kept by their zoned day.
      const rows = await db
        .select()
        .from(reservations)
        .where(
          and(
            eq(reservations.merchantId, member.merchantId),
            eq(reservations.branchId, branchId),
            gt(reservations.startsAt, new Date(from.getTime() - DAY_MS)),
            lt(reservations.startsAt, new Date(from.getTime() + 2 * DAY_MS)),
          ),
        )
        .orderBy(asc(reservations.startsAt), asc(reservations.id));
      return views(
        db,
        member.merchantId,
        rows.filter((x) => zonedDay(x.startsAt, branch.timeZone) === day),
      );
    },

    /** The staff move a reservation along the book (confirm, seat, finish, no-show, cancel), at the version they read. */
    async move(member: StaffMember, id: string, body: ReservationMoveRequest): Promise<Reservation> {
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(reservations)
          .where(and(eq(reservations.merchantId, member.merchantId), eq(reservations.id, id)))
          .for('update');
        if (!row || !worksAt(member, row.branchId)) throw new AppError('NOT_FOUND');
        if (row.version !== body.version) throw new AppError('VERSION_CONFLICT');
        if (!canMoveReservation(row.status, body.status))
          throw new AppError('RESERVATION_MOVE_INVALID', { from: row.status, to: body.status });
        if (body.status === 'NO_SHOW' && clock.now().getTime() < row.startsAt.getTime())
          throw new AppError('RESERVATION_MOVE_INVALID', { from: row.status, to: body.status });
        let tableId = row.tableId;
        if (body.status === 'SEATED' && body.tableId && body.tableId !== row.tableId) {
          const [table] = await tx
            .select({ id: diningTables.id })
            .from(diningTables)
            .where(
              and(
                eq(diningTables.merchantId, member.merchantId),
                eq(diningTables.branchId, row.branchId),
                eq(diningTables.id, body.tableId),
              ),
            );
          if (!table)
            throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.tableId', message: 'not a table of the branch' }] });
          tableId = table.id;
        }
        const [next] = await tx
          .update(reservations)
          .set({
            status: body.status,
            tableId,
            cancelReason: body.status === 'CANCELLED' ? body.reason || 'STAFF' : row.cancelReason,
            staffId: member.id,
            version: row.version + 1,
            updatedAt: clock.now(),
          })
          .where(and(eq(reservations.merchantId, member.merchantId), eq(reservations.id, id)))
          .returning();
        const news = reservationNewsOf(body.status);
        if (news) await notice(tx, next!, news);
        await inBook(tx, next!);
        return (await views(tx, member.merchantId, [next!]))[0]!;
      });
      if (body.status === 'CONFIRMED' || body.status === 'CANCELLED') await tell(member.merchantId, moved, body.status);
      return moved;
    },
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
