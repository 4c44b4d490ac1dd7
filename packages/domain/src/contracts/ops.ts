import { z } from 'zod';
import { OrderStatus } from './enums.ts';
import { PhoneInput } from './auth.ts';
import { Order } from './orders.ts';
import { LocalizedText } from './languages.ts';
import {
  BOARD_PAGE_SIZE,
  BOARD_PAGE_SIZE_MAX,
  COURIER_STATUSES,
  MAX_DELIVERY_PAUSE_MINUTES,
  REJECT_REASONS,
  STAFF_ROLES,
} from '../staff.ts';
import { RESERVATION_NEWS } from '../reservations.ts';

/*
 * The brand's staff console and the live path to the customer (issue 15, decision 010). Staff calls live under
 * `/api/ops/v1/...` on the brand's host (or with X-Merchant-Id) and send `Authorization: Bearer <staff token>`;
 * a customer's token is not a staff token and the other way round.
 */

export const StaffRoleSchema = z.enum(STAFF_ROLES);
export const CourierStatusSchema = z.enum(COURIER_STATUSES);
export const RejectReasonSchema = z.enum(REJECT_REASONS);

export const Staff = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  phone: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  /** The branches the staff member works at; an admin with none works at every branch. */
  branchIds: z.array(z.uuid()),
});
export type Staff = z.infer<typeof Staff>;

export const StaffLoginRequest = z.strictObject({
  phone: PhoneInput,
  password: z.string().min(1).max(200),
  /** The code sent by SMS when the number is under a wide guess and this device is not known (428 STAFF_CODE_REQUIRED). */
  code: z
    .string()
    .regex(/^\d{4,8}$/)
    .optional(),
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;

export const StaffLoginResponse = z.object({
  token: z.string(),
  staff: Staff,
  expiresAt: z.iso.datetime(),
  /**
   * The password was a one-time one (an invitation, a reset, a new brand's owner): the session may only set a new
   * password (`POST /api/ops/v1/auth/password`), see who it is and sign out; every other staff call answers 403
   * PASSWORD_CHANGE_REQUIRED until then.
   */
  passwordChangeRequired: z.boolean(),
});
export type StaffLoginResponse = z.infer<typeof StaffLoginResponse>;

/** Recent wrong passwords for one staff member of the brand, per client network (decision 010, "Staff login"). */
export const StaffLoginFailures = z.object({
  content: z.array(
    z.object({
      staff: z.object({ id: z.uuid(), name: z.string(), phone: z.string(), role: StaffRoleSchema }),
      attempts: z.array(
        z.object({
          /** The client's network, never its address: `203.0.113.0/24`, `2001:db8:1::/48`. */
          network: z.string(),
          count: z.number().int(),
          firstAt: z.iso.datetime(),
          lastAt: z.iso.datetime(),
        }),
      ),
    }),
  ),
});
export type StaffLoginFailures = z.infer<typeof StaffLoginFailures>;

export const Point = z.object({ latitude: z.number(), longitude: z.number() });

/** Where a courier was last seen. */
export const CourierPosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  heading: z.number().nullable(),
  at: z.iso.datetime(),
});
export type CourierPosition = z.infer<typeof CourierPosition>;

export const StaffOrderEntry = z.object({
  from: OrderStatus.nullable(),
  to: OrderStatus,
  role: z.string(),
  /** The staff member who made the move, when one did. */
  staff: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reason: z.string(),
  comment: z.string(),
  at: z.iso.datetime(),
});

/** An order as the brand's staff read it: the customer's view plus who handles it and when it moved. */
export const StaffOrder = Order.omit({ history: true }).extend({
  customer: z.object({ name: z.string(), phone: z.string().nullable() }),
  branch: z.object({
    id: z.uuid(),
    name: LocalizedText,
    address: z.string(),
    phone: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
  courier: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }).nullable(),
  courierStatus: CourierStatusSchema,
  courierPosition: CourierPosition.nullable(),
  operatorId: z.uuid().nullable(),
  acceptedTime: z.iso.datetime().nullable(),
  readyTime: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** Minutes the kitchen said it needs, set when the order is accepted. */
  cookingTime: z.number().int().nullable(),
  /** The moves this staff member may make now (the order table and their role). */
  next: z.array(OrderStatus),
  history: z.array(StaffOrderEntry),
});
export type StaffOrder = z.infer<typeof StaffOrder>;

export const StaffOrderListQuery = z.object({
  /** One status or several, comma-separated; absent: every order of today and every active one. */
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const parsed = z.array(OrderStatus).safeParse(parts);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `Unknown status in '${v}'` });
        return z.NEVER;
      }
      return parsed.data;
    }),
  branchId: z.uuid().optional(),
  /** Orders per page (BOARD_PAGE_SIZE unless given). */
  size: z.coerce.number().int().min(1).max(BOARD_PAGE_SIZE_MAX).default(BOARD_PAGE_SIZE),
  /** The previous page's `nextCursor`: the page after it. */
  cursor: z.string().max(200).optional(),
});
export type StaffOrderListQuery = z.infer<typeof StaffOrderListQuery>;

/**
 * One page of the board: orders waiting for acceptance first, then those in the branch's hands, then the rest
 * (domain `boardRank`), newest first within each; `nextCursor` asks for the page after it, null on the last.
 */
export const StaffOrderList = z.object({ content: z.array(StaffOrder), nextCursor: z.string().nullable() });
export type StaffOrderList = z.infer<typeof StaffOrderList>;

export const StaffStatusRequest = z.strictObject({
  status: OrderStatus,
  /** Required to cancel (reject) an order. */
  reason: RejectReasonSchema.optional(),
  comment: z.string().trim().max(500).default(''),
  /** Minutes to cook, given when accepting (1 to 240). */
  cookingTime: z.number().int().min(1).max(240).optional(),
  /** The courier to attach, for ATTACHED by the operator (a courier attaches themselves). */
  courierId: z.uuid().optional(),
});
export type StaffStatusRequest = z.infer<typeof StaffStatusRequest>;

export const Courier = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  branchIds: z.array(z.uuid()),
  /** Orders attached to the courier or on the way now. */
  activeOrders: z.number().int(),
  position: CourierPosition.nullable(),
});
export type Courier = z.infer<typeof Courier>;
export const CourierList = z.object({ content: z.array(Courier) });

export const CourierPositionRequest = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  heading: z.number().min(0).max(360).nullable().default(null),
  accuracy: z.number().min(0).max(100_000).nullable().default(null),
});
export type CourierPositionRequest = z.infer<typeof CourierPositionRequest>;

export const StopListQuery = z.object({ branchId: z.uuid() });
export const StopList = z.object({
  branchId: z.uuid(),
  /** Delivery from the branch is paused until then; null when it is not. */
  deliveryPausedUntil: z.iso.datetime().nullable(),
  products: z.array(
    z.object({
      id: z.uuid(),
      name: LocalizedText,
      categoryName: LocalizedText,
      /** Switched off at this branch. */
      stopped: z.boolean(),
      modifications: z.array(z.object({ id: z.uuid(), name: LocalizedText, stopped: z.boolean() })),
    }),
  ),
});
export type StopList = z.infer<typeof StopList>;

export const StopRequest = z.strictObject({
  branchId: z.uuid(),
  /** A product, or one of its modifications. */
  productId: z.uuid().optional(),
  modificationId: z.uuid().optional(),
  stopped: z.boolean(),
});
export type StopRequest = z.infer<typeof StopRequest>;

export const DeliveryPauseRequest = z.strictObject({
  branchId: z.uuid(),
  /** 0 resumes delivery. */
  minutes: z.number().int().min(0).max(MAX_DELIVERY_PAUSE_MINUTES),
});
export type DeliveryPauseRequest = z.infer<typeof DeliveryPauseRequest>;

export const FiguresQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const BranchFigures = z.object({
  branchId: z.uuid(),
  name: LocalizedText,
  orders: z.number().int(),
  canceled: z.number().int(),
  /** The total of the day's completed orders, in so'm. */
  revenue: z.number().int(),
  /** Average minutes from accepted to ready, and to delivered; null with no such orders. */
  acceptedToReadyMinutes: z.number().nullable(),
  acceptedToDeliveredMinutes: z.number().nullable(),
});
export const Figures = z.object({ day: z.string(), branches: z.array(BranchFigures) });
export type Figures = z.infer<typeof Figures>;

/**
 * What the event streams carry (`event: order` or `event: position`; `data` is this JSON; `id` the event's
 * number, to resume with Last-Event-ID). The staff board refetches the order it names; the customer's order
 * page takes the status and the courier's position from it.
 */
export const OrderEvent = z.object({
  id: z.string(),
  type: z.enum(['order', 'position']),
  orderId: z.uuid(),
  number: z.number().int(),
  branchId: z.uuid(),
  status: OrderStatus,
  courierStatus: CourierStatusSchema,
  position: CourierPosition.nullable(),
  at: z.iso.datetime(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** `GET /deliveries/v1/delivery/courier/{orderId}`: the customer's order on a map. */
export const CourierTracking = z.object({
  orderId: z.uuid(),
  status: OrderStatus,
  courierStatus: CourierStatusSchema,
  branch: Point.extend({ name: LocalizedText }),
  address: Point.nullable(),
  courier: z.object({ name: z.string(), phone: z.string() }).nullable(),
  position: CourierPosition.nullable(),
});
export type CourierTracking = z.infer<typeof CourierTracking>;

/** What a reservation's notice tells the customer (the domain's RESERVATION_NEWS). */
export const ReservationNews = z.enum(RESERVATION_NEWS);
export type ReservationNews = z.infer<typeof ReservationNews>;

/** A message to the customer about their order or their reservation (notificationsActive). */
export const Notification = z.object({
  id: z.uuid(),
  /** ORDER: orderId, orderNumber and status; RESERVATION: reservation. */
  kind: z.enum(['ORDER', 'RESERVATION']),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  /** The status the order reached; the storefront words it in the customer's language. */
  status: OrderStatus.nullable(),
  /** The reservation the notice is about: its news, its branch and when it is for. */
  reservation: z
    .object({
      id: z.uuid(),
      news: ReservationNews,
      startsAt: z.iso.datetime(),
      branchName: LocalizedText,
    })
    .nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationPage = z.object({
  content: z.array(Notification),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;
export const NotificationsReadRequest = z.strictObject({ ids: z.array(z.uuid()).max(100).optional() });
