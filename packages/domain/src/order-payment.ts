import { percentOf, type Sum } from './money.ts';
import { PAYMENT_TYPES, type ChannelType, type OrderDevice, type PaymentProvider, type PaymentType } from './enums.ts';

/*
 * Which payment types a customer may choose (docs/spec-index.md section 3, Payment method, and the settings flags
 * cashActive, terminalActive, paymeActive, clickActive, uzumActive). Both the server (authoritative,
 * when an order is placed) and the checkout (the choices it shows) call `allowedPaymentTypes`.
 */

/** The devices a customer places an order from; the others (operator, POS, integrations) are the staff's. */
export const CUSTOMER_ORDER_DEVICES = [
  'CLIENT_WEB',
  'CLIENT_WEB_MOBILE',
  'CLIENT_WEB_DESKTOP',
  'CLIENT',
  'TELEGRAM_BOT',
  'CLIENT_APP',
  'CLIENT_IOS',
  'CLIENT_ANDROID',
  'CLICK_MINI_APP',
] as const satisfies readonly OrderDevice[];

/** The sales channel of an order device (docs/spec-index.md section 4, channel types). */
export function channelOfDevice(device: OrderDevice): ChannelType {
  switch (device) {
    case 'TELEGRAM_BOT':
      return 'TG';
    case 'CLIENT_APP':
    case 'CLIENT_IOS':
    case 'CLIENT_ANDROID':
      return 'APP';
    case 'CLICK_MINI_APP':
      return 'CLICK';
    case 'OPERATOR':
    case 'LAPOSTER':
    case 'INSTAGRAM':
    case 'INTEGRATION_APP':
      return 'OPERATOR';
    case 'CLIENT':
    case 'CLIENT_WEB':
    case 'CLIENT_WEB_MOBILE':
    case 'CLIENT_WEB_DESKTOP':
      return 'WEB';
  }
}

type CustomerDevice = (typeof CUSTOMER_ORDER_DEVICES)[number];

/**
 * The device an order is placed from, as the server decides it (docs/telegram.md, "Which channel an order comes
 * from"): a session the mini app opened, or Mini App data the brand's bot signed, makes it the bot's (TELEGRAM_BOT,
 * channel TG) whatever the client said; a client that says TELEGRAM_BOT without either is not believed (null: refuse);
 * any other device is the client's word (the Click mini app signs nothing that could be checked).
 */
export function placedOrderDevice(input: {
  claimed: CustomerDevice;
  sessionChannel: ChannelType;
  signedByTelegram: boolean;
}): CustomerDevice | null {
  if (input.sessionChannel === 'TG' || input.signedByTelegram) return 'TELEGRAM_BOT';
  if (input.claimed === 'TELEGRAM_BOT') return null;
  return input.claimed;
}

/** The settings flags that switch a payment type on for the whole brand. */
export interface PaymentFlags {
  cashActive: boolean;
  terminalActive: boolean;
  paymeActive: boolean;
  clickActive: boolean;
  uzumActive: boolean;
}

/** A payment method the brand keeps (docs/spec-index.md section 3, Payment method, with its settings per channel). */
export interface PaymentMethodSettings {
  type: PaymentType;
  isActive: boolean;
  webEnabled: boolean;
  botEnabled: boolean;
  appEnabled: boolean;
  qrEnabled: boolean;
  operatorEnabled: boolean;
}

const FLAG_OF: Partial<Record<PaymentType, keyof PaymentFlags>> = {
  CASH: 'cashActive',
  TERMINAL: 'terminalActive',
  PAYME: 'paymeActive',
  CLICK: 'clickActive',
  CLICK_MINI_APP: 'clickActive',
  UZUM: 'uzumActive',
};

/** Whether a method's settings let it be used on a channel; the Click mini app counts as an app. */
function enabledOn(method: PaymentMethodSettings, channel: ChannelType): boolean {
  switch (channel) {
    case 'WEB':
      return method.webEnabled;
    case 'TG':
      return method.botEnabled;
    case 'APP':
    case 'CLICK':
      return method.appEnabled;
    case 'QR':
      return method.qrEnabled;
    case 'OPERATOR':
      return method.operatorEnabled;
  }
}

/**
 * The payment types a customer may use on a channel, in the catalogue's order. A type with a settings
 * flag needs it on; a type without one (PAYNET, RAHMAT, PAYZE, OTHER) needs a method of the brand. When
 * the brand keeps a method of the type, that method must also be active and enabled on the channel.
 * A brand with nothing set takes cash alone (the flags' defaults). The Click mini app's type is offered only in
 * Click's mini app.
 */
export function allowedPaymentTypes(flags: PaymentFlags, methods: readonly PaymentMethodSettings[], channel: ChannelType): PaymentType[] {
  return PAYMENT_TYPES.filter((type) => {
    const flag = FLAG_OF[type];
    if (flag && !flags[flag]) return false;
    // Click's mini app pays inside Click's own app: offered on that channel only.
    if (type === 'CLICK_MINI_APP' && channel !== 'CLICK') return false;
    const method = methods.find((m) => m.type === type);
    if (!method) return flag !== undefined;
    return method.isActive && enabledOn(method, channel);
  });
}

/**
 * The cashback an order earns: `percent` of what the customer pays (the total after every discount and
 * the cashback spent), rounded half up once. Credited to the ledger when the order is completed, never
 * before, so cashback earned cannot be spent on an order that is then cancelled.
 */
export function cashbackEarned(totalPaid: number, percent: number): Sum {
  return percentOf(Math.max(0, totalPaid), Math.max(0, percent));
}

/** The order payment types each provider that calls us takes: an order chosen for cash or another provider is not theirs. */
export const PROVIDER_PAYMENT_TYPES: Record<PaymentProvider, readonly PaymentType[]> = {
  PAYME: ['PAYME'],
  CLICK: ['CLICK', 'CLICK_MINI_APP'],
  UZUM: ['UZUM'],
};

/** The provider an order of this payment type is paid through online, or null (cash, the terminal, the others). */
export function paymentProviderOf(type: PaymentType): PaymentProvider | null {
  return (Object.keys(PROVIDER_PAYMENT_TYPES) as PaymentProvider[]).find((p) => PROVIDER_PAYMENT_TYPES[p].includes(type)) ?? null;
}
