import { z } from 'zod';
import { ChannelType, OrderStatus, PaymentType, ServiceType } from './enums.ts';
import { AddressDetails } from './address.ts';
import { LocalizedText } from './languages.ts';
import { pageOf } from './common.ts';
import { ArrivalEstimate } from './eta.ts';
import { QuoteCartItem, ScheduleDay, ScheduleTime } from './quote.ts';
import { AddressType } from './enums.ts';
import { CUSTOMER_ORDER_DEVICES } from '../order-payment.ts';
import { ORDER_ROLES } from '../order-status.ts';
import { REFUND_STATES } from '../order-refund.ts';
import { MAX_QUOTE_LINES, ORDER_PAGE_SIZE } from '../constants.ts';

/*
 * Placing and reading orders (docs/spec-index.md section 3, Order and Order request; section 7, orders). The request
 * brings what the customer chose — ids, counts, where, when, how to pay — and never a price: the server
 * prices it with the same quote as the basket. The price fields the old client sends along are accepted
 * and ignored, so such a client is not refused for them.
 */

const Text = (max: number) => z.string().trim().max(max);
const Ignored = z.unknown().optional().describe('Ignored: the server prices the order itself.');

export const CustomerOrderDevice = z.enum(CUSTOMER_ORDER_DEVICES);
export type CustomerOrderDevice = z.infer<typeof CustomerOrderDevice>;

/** Where to deliver: the point (priced and checked against the zones) and what the courier needs. */
export const OrderAddress = z.strictObject({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  type: AddressType.default('HOUSE'),
  streetName: Text(200).default(''),
  houseNumber: Text(32).default(''),
  description: Text(300).default(''),
  details: AddressDetails.default({}),
  /** The saved address this was taken from, if any; a generated one is dropped by the client (docs/spec-index.md section 4). */
  addressId: z.uuid().nullable().default(null),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderReceiver = z.strictObject({
  name: Text(100).min(1),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{7,15}$/, 'phone must be digits'),
});
export type OrderReceiver = z.infer<typeof OrderReceiver>;

/** The order request (checkout draft) of docs/spec-index.md section 3. */
export const OrderRequest = z.strictObject({
  cartItems: z.array(QuoteCartItem).min(1).max(MAX_QUOTE_LINES),
  serviceType: ServiceType,
  /** Required for pickup and dine-in; for delivery, the branch serving the address is found when it is left out. */
  branchId: z.uuid().optional(),
  address: OrderAddress.optional(),
  paymentType: PaymentType.default('CASH'),
  orderDevice: CustomerOrderDevice.default('CLIENT_WEB'),
  promoCode: Text(64).min(1).optional(),
  /** The cashback the customer asks to spend; at most the balance and what is left to pay is spent. */
  cashback: z.number().int().min(0).optional(),
  comment: Text(500).default(''),
  courierComment: Text(500).default(''),
  receiver: OrderReceiver.nullable().default(null),
  sendCheque: z.boolean().default(false),
  sendChequePhone: z
    .string()
    .trim()
    .regex(/^\+?\d{7,15}$/)
    .nullable()
    .default(null),
  /** A scheduled order (`POST /orders/v1/orders/at-time`): its day 'YYYY-MM-DD' and time 'HH:MM' in the city's time zone. */
  later: z.boolean().default(false),
  day: ScheduleDay.optional(),
  time: ScheduleTime.optional(),
  /** The code sent by SMS to confirm this order, where the brand asks for one (isSmsConfirmationRequiredPerOrder). */
  confirmationCode: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'the code is 4 to 8 digits')
    .optional(),
  hallId: Text(64).optional(),
  tableId: Text(64).optional(),
  telegramId: z.union([z.string().max(64), z.number().int()]).optional(),
  /** Inside the Telegram Mini App: its initData, which the brand's bot signed; its user's chat gets the order's status messages. */
  telegramInitData: z.string().max(4096).optional(),
  /**
   * The total the customer was shown (the storefront's last quote): the server's own total decides what is charged,
   * and an order that would cost more than this is refused with PRODUCT_OVERPRICED.
   */
  shownTotal: z.number().int().min(0).optional(),
  // What the old client computes and sends: never read.
  totalPrice: Ignored,
  totalDiscount: Ignored,
  productPrice: Ignored,
  productDiscount: Ignored,
  deliveryPrice: Ignored,
  deliveryDiscount: Ignored,
  productCount: Ignored,
  totalProductPrice: Ignored,
  totalProductDiscount: Ignored,
  servicePrice: Ignored,
});
export type OrderRequest = z.infer<typeof OrderRequest>;

const Amount = z.number().int().min(0);

export const OrderLineModification = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  name: LocalizedText,
  count: z.number().int().min(1),
  price: Amount,
});

/** A line as it was ordered: names and prices of that moment, whatever the menu says later. */
export const OrderLine = z.object({
  productId: z.uuid(),
  name: LocalizedText,
  image: z.string(),
  count: z.number().int().min(1),
  /** One product's price with its options, before the product's discount. */
  unitPrice: Amount,
  modifications: z.array(OrderLineModification),
  gross: Amount,
  discount: Amount,
  net: Amount,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderStatusEntry = z.object({
  from: OrderStatus.nullable(),
  to: OrderStatus,
  role: z.enum(ORDER_ROLES),
  reason: z.string(),
  comment: z.string(),
  at: z.iso.datetime(),
});
export type OrderStatusEntry = z.infer<typeof OrderStatusEntry>;

export const OrderBranch = z.object({ id: z.uuid(), name: LocalizedText, address: z.string(), phone: z.string() });

export const OrderAddressView = z.object({
  latitude: z.number(),
  longitude: z.number(),
  type: AddressType,
  streetName: z.string(),
  houseNumber: z.string(),
  description: z.string(),
  details: AddressDetails,
  addressId: z.uuid().nullable(),
});

/** An order as the customer reads it (docs/spec-index.md section 3, Order). */
export const Order = z.object({
  id: z.uuid(),
  number: z.number().int().min(1),
  status: OrderStatus,
  isActive: z.boolean(),
  serviceType: ServiceType,
  paymentType: PaymentType,
  orderDevice: CustomerOrderDevice,
  isPaid: z.boolean(),
  /** While it awaits its online payment: the time to pay by (later while a provider's payment is under way); else null. */
  payUntil: z.iso.datetime().nullable(),
  /** The refund the customer's cancel of an order paid online started (domain order-refund.ts), or null. */
  refund: z.object({ state: z.enum(REFUND_STATES), startedAt: z.iso.datetime() }).nullable(),
  userId: z.uuid(),
  merchantId: z.uuid(),
  branch: OrderBranch,
  address: OrderAddressView.nullable(),
  /** The table a dine-in order is served at, when it was placed from the table's QR code (issue 32). */
  table: z.object({ name: z.string(), hall: LocalizedText }).nullable(),
  cartItems: z.array(OrderLine),
  comment: z.string(),
  courierComment: z.string(),
  receiver: z.object({ name: z.string(), phone: z.string() }).nullable(),
  sendCheque: z.boolean(),
  productCount: z.number().int().min(0),
  productPrice: Amount,
  productDiscount: Amount,
  promoProductDiscount: Amount,
  deliveryPrice: Amount,
  deliveryDiscount: Amount,
  serviceFee: Amount,
  totalDiscount: Amount,
  totalPrice: Amount,
  /** Cashback spent on this order. */
  cashback: Amount,
  /** Cashback the order earns once completed. */
  cashbackEarned: Amount,
  promo: z.object({ id: z.uuid(), code: z.string() }).nullable(),
  /** True for a scheduled order; `deliveryAt` is its time. */
  atTime: z.boolean(),
  deliveryAt: z.iso.datetime().nullable(),
  /** Why the order was cancelled, when it was. */
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When it should come, as of the answer (domain eta.ts); null once nothing is ahead (issue 29). */
  eta: ArrivalEstimate.nullable(),
  history: z.array(OrderStatusEntry),
});
export type Order = z.infer<typeof Order>;

export const OrderPage = pageOf(Order);
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderIdParams = z.object({ id: z.uuid() });
export const OrderUserParams = z.object({ userId: z.uuid() });

export const OrderListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(50).default(ORDER_PAGE_SIZE),
  /** true: only finished orders (the Archive tab); absent or false: every order. */
  onlyArchive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const CancelOrderRequest = z.strictObject({
  reason: Text(500).min(1),
  comment: Text(500).default(''),
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequest>;

/** What checkout needs to know before placing (`GET /orders/v1/merchant/settings`). */
export const OrderMerchantSettings = z.object({
  shouldValidateDeliveryArea: z.boolean(),
  isSmsConfirmationRequiredPerOrder: z.boolean(),
  /** A scheduled order is at least this many minutes ahead. */
  leadTimeMinutes: z.number().int().min(0),
  /** And at most this many days ahead. */
  scheduleMaxDays: z.number().int().min(1),
  /** The payment types a customer may choose, per channel. */
  paymentTypes: z.record(ChannelType, z.array(PaymentType)),
  /** The least product amount for delivery, per branch (a zone may ask more; the quote says so). */
  deliveryMinAmounts: z.record(z.string(), Amount),
  cancelOrderActive: z.boolean(),
  cashbackActive: z.boolean(),
  promoActive: z.boolean(),
  receiverActive: z.boolean(),
  deliveryActive: z.boolean(),
  pickupActive: z.boolean(),
  dineInActive: z.boolean(),
});
export type OrderMerchantSettings = z.infer<typeof OrderMerchantSettings>;

/** What the customer may do with one of their orders now (`GET /orders/v1/order/setting/{id}`). */
export const OrderSetting = z.object({
  orderId: z.uuid(),
  status: OrderStatus,
  isPaid: z.boolean(),
  paymentType: PaymentType,
  /** The brand lets customers cancel and the order has not been accepted yet. */
  canCancel: z.boolean(),
  /** Paid online and not paid yet: the pay action (`GET /payments/v2/checkout/{id}`) applies until `payUntil`. */
  canPay: z.boolean(),
  payUntil: z.iso.datetime().nullable(),
  /** Finished and still in the history. */
  canHide: z.boolean(),
  /** The lines can go back into the basket (at today's prices). */
  canRepeat: z.boolean(),
  /** Hidden from the history by the customer (still readable by its id, as a link to it keeps working). */
  hidden: z.boolean(),
  cancelOrderActive: z.boolean(),
});
export type OrderSetting = z.infer<typeof OrderSetting>;
