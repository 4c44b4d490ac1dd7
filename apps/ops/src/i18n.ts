import { createContext, useContext } from 'react';
import type { BoardColumn, OrderStatus, PaymentType, RejectReason, ServiceType, StaffRole } from '@dasturxon/domain';

/*
 * The console's words, in its three languages. Russian is the default (most branches' staff read it); the
 * content of the menu (LocalizedText) is picked with the domain's pickText in the matching content language.
 */

export const LANGS = ['ru', 'uz', 'en'] as const;
export type Lang = (typeof LANGS)[number];

const ru = {
  appName: 'Пульт',
  langName: 'Русский',
  language: 'Язык',
  phone: 'Телефон',
  password: 'Пароль',
  smsCode: 'Код из SMS',
  signIn: 'Войти',
  signingIn: 'Входим…',
  signOut: 'Выйти',
  loginTitle: 'Вход для сотрудников',
  retryIn: 'Повторите через {s} с',
  networkError: 'Нет связи с сервером',
  unknownError: 'Что-то пошло не так',
  loading: 'Загрузка…',
  retry: 'Повторить',
  navBoard: 'Заказы',
  navStopList: 'Стоп-лист',
  navFigures: 'Итоги дня',
  navCourier: 'Мои доставки',
  allBranches: 'Все филиалы',
  branch: 'Филиал',
  live: 'Онлайн',
  reconnecting: 'Переподключение…',
  enableAlerts: 'Включить звук и уведомления',
  alertsOn: 'Уведомления включены',
  alertsBlocked: 'Уведомления запрещены в браузере',
  newOrderTitle: 'Новый заказ №{n}',
  empty: 'Пусто',
  orderNo: 'Заказ №{n}',
  paid: 'Оплачен',
  unpaid: 'Не оплачен',
  total: 'Итого',
  open: 'Открыть',
  back: 'Назад',
  cancel: 'Отмена',
  confirm: 'Подтвердить',
  cookingMinutes: 'Время приготовления, мин',
  rejectReason: 'Причина отказа',
  commentLabel: 'Комментарий',
  courier: 'Курьер',
  chooseCourier: 'Выберите курьера',
  noCouriers: 'Нет курьеров',
  activeOrders: 'заказов: {n}',
  lines: 'Состав',
  comment: 'Комментарий клиента',
  courierComment: 'Комментарий курьеру',
  customer: 'Клиент',
  receiver: 'Получатель',
  address: 'Адрес',
  payment: 'Оплата',
  timeline: 'История',
  printTicket: 'Печать чека',
  scheduledFor: 'К времени: {t}',
  cookingFor: 'Готовить {m} мин',
  deliveryFee: 'Доставка',
  discount: 'Скидка',
  byWhom: 'кто',
  system: 'система',
  office: 'кв./офис',
  domophone: 'домофон',
  entrance: 'подъезд',
  floor: 'этаж',
  stopListTitle: 'Стоп-лист',
  available: 'В продаже',
  deliveryPaused: 'Доставка приостановлена до {t}',
  deliveryRunning: 'Доставка работает',
  pauseFor: 'Пауза {m} мин',
  resume: 'Возобновить доставку',
  noProducts: 'Нет блюд',
  search: 'Поиск',
  figuresTitle: 'Итоги дня',
  loginFailures: 'Неудачные входы за сутки',
  loginFailuresNone: 'Неудачных входов не было',
  loginFailuresWho: 'Сотрудник',
  loginFailuresNetwork: 'Сеть',
  loginFailuresCount: 'Попыток',
  loginFailuresLast: 'Последняя',
  day: 'День',
  orders: 'Заказы',
  canceled: 'Отменено',
  revenue: 'Выручка',
  acceptedToReady: 'Принят → готов, мин',
  acceptedToDelivered: 'Принят → доставлен, мин',
  totalRow: 'Всего',
  myOrders: 'Мои заказы',
  readyToTake: 'Готовы к выдаче',
  nothingHere: 'Заказов нет',
  take: 'Взять',
  pickedUp: 'Забрал',
  delivered: 'Доставил',
  handBack: 'Вернуть',
  gpsSending: 'Отправляем ваше местоположение',
  gpsDenied: 'Доступ к геолокации запрещён. Разрешите его в настройках браузера, чтобы клиент видел курьера.',
  gpsUnavailable: 'Геолокация недоступна на этом устройстве',
  callCustomer: 'Позвонить клиенту',
  openInMaps: 'Открыть на карте',
  notFound: 'Страница не найдена',
  sum: 'сум',
};

type Dict = typeof ru;

const uz: Dict = {
  appName: 'Pult',
  langName: "O'zbekcha",
  language: 'Til',
  phone: 'Telefon',
  password: 'Parol',
  smsCode: 'SMS kodi',
  signIn: 'Kirish',
  signingIn: 'Kirilmoqda…',
  signOut: 'Chiqish',
  loginTitle: 'Xodimlar uchun kirish',
  retryIn: '{s} soniyadan so‘ng qayta urinib ko‘ring',
  networkError: "Server bilan aloqa yo'q",
  unknownError: 'Xatolik yuz berdi',
  loading: 'Yuklanmoqda…',
  retry: 'Qayta urinish',
  navBoard: 'Buyurtmalar',
  navStopList: 'Stop-list',
  navFigures: 'Kun yakuni',
  navCourier: 'Yetkazishlarim',
  allBranches: 'Barcha filiallar',
  branch: 'Filial',
  live: 'Onlayn',
  reconnecting: 'Qayta ulanmoqda…',
  enableAlerts: 'Ovoz va bildirishnomalarni yoqish',
  alertsOn: 'Bildirishnomalar yoqilgan',
  alertsBlocked: 'Bildirishnomalar brauzerda taqiqlangan',
  newOrderTitle: 'Yangi buyurtma №{n}',
  empty: "Bo'sh",
  orderNo: 'Buyurtma №{n}',
  paid: "To'langan",
  unpaid: "To'lanmagan",
  total: 'Jami',
  open: 'Ochish',
  back: 'Orqaga',
  cancel: 'Bekor qilish',
  confirm: 'Tasdiqlash',
  cookingMinutes: 'Tayyorlash vaqti, daq',
  rejectReason: 'Rad etish sababi',
  commentLabel: 'Izoh',
  courier: 'Kuryer',
  chooseCourier: 'Kuryerni tanlang',
  noCouriers: "Kuryerlar yo'q",
  activeOrders: 'buyurtmalar: {n}',
  lines: 'Tarkibi',
  comment: 'Mijoz izohi',
  courierComment: 'Kuryerga izoh',
  customer: 'Mijoz',
  receiver: 'Qabul qiluvchi',
  address: 'Manzil',
  payment: "To'lov",
  timeline: 'Tarix',
  printTicket: 'Chekni chop etish',
  scheduledFor: 'Vaqtiga: {t}',
  cookingFor: '{m} daqiqada tayyorlash',
  deliveryFee: 'Yetkazish',
  discount: 'Chegirma',
  byWhom: 'kim',
  system: 'tizim',
  office: 'xonadon/ofis',
  domophone: 'domofon',
  entrance: "yo'lak",
  floor: 'qavat',
  stopListTitle: 'Stop-list',
  available: 'Sotuvda',
  deliveryPaused: "Yetkazish {t} gacha to'xtatilgan",
  deliveryRunning: 'Yetkazish ishlayapti',
  pauseFor: '{m} daqiqa pauza',
  resume: 'Yetkazishni tiklash',
  noProducts: "Taomlar yo'q",
  search: 'Qidirish',
  figuresTitle: 'Kun yakuni',
  loginFailures: 'Bir sutkadagi muvaffaqiyatsiz kirishlar',
  loginFailuresNone: "Muvaffaqiyatsiz kirishlar bo'lmadi",
  loginFailuresWho: 'Xodim',
  loginFailuresNetwork: 'Tarmoq',
  loginFailuresCount: 'Urinishlar',
  loginFailuresLast: 'Oxirgisi',
  day: 'Kun',
  orders: 'Buyurtmalar',
  canceled: 'Bekor qilingan',
  revenue: 'Tushum',
  acceptedToReady: 'Qabul → tayyor, daq',
  acceptedToDelivered: 'Qabul → yetkazildi, daq',
  totalRow: 'Jami',
  myOrders: 'Mening buyurtmalarim',
  readyToTake: 'Olib ketishga tayyor',
  nothingHere: "Buyurtmalar yo'q",
  take: 'Olish',
  pickedUp: 'Oldim',
  delivered: 'Yetkazdim',
  handBack: 'Qaytarish',
  gpsSending: 'Joylashuvingiz yuborilmoqda',
  gpsDenied: 'Geolokatsiyaga ruxsat berilmagan. Mijoz kuryerni ko‘rishi uchun brauzer sozlamalarida ruxsat bering.',
  gpsUnavailable: 'Bu qurilmada geolokatsiya mavjud emas',
  callCustomer: "Mijozga qo'ng'iroq",
  openInMaps: 'Xaritada ochish',
  notFound: 'Sahifa topilmadi',
  sum: "so'm",
};

const en: Dict = {
  appName: 'Console',
  langName: 'English',
  language: 'Language',
  phone: 'Phone',
  password: 'Password',
  smsCode: 'Code from the SMS',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  loginTitle: 'Staff sign-in',
  retryIn: 'Try again in {s} s',
  networkError: 'The server cannot be reached',
  unknownError: 'Something went wrong',
  loading: 'Loading…',
  retry: 'Retry',
  navBoard: 'Orders',
  navStopList: 'Stop list',
  navFigures: "Today's figures",
  navCourier: 'My deliveries',
  allBranches: 'All branches',
  branch: 'Branch',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  enableAlerts: 'Turn on sound and notifications',
  alertsOn: 'Notifications on',
  alertsBlocked: 'Notifications are blocked in the browser',
  newOrderTitle: 'New order #{n}',
  empty: 'Empty',
  orderNo: 'Order #{n}',
  paid: 'Paid',
  unpaid: 'Not paid',
  total: 'Total',
  open: 'Open',
  back: 'Back',
  cancel: 'Cancel',
  confirm: 'Confirm',
  cookingMinutes: 'Cooking time, min',
  rejectReason: 'Reason',
  commentLabel: 'Comment',
  courier: 'Courier',
  chooseCourier: 'Choose a courier',
  noCouriers: 'No couriers',
  activeOrders: 'orders: {n}',
  lines: 'Items',
  comment: "Customer's comment",
  courierComment: 'Note for the courier',
  customer: 'Customer',
  receiver: 'Receiver',
  address: 'Address',
  payment: 'Payment',
  timeline: 'Timeline',
  printTicket: 'Print ticket',
  scheduledFor: 'Scheduled for {t}',
  cookingFor: 'Cook in {m} min',
  deliveryFee: 'Delivery',
  discount: 'Discount',
  byWhom: 'by',
  system: 'system',
  office: 'apt./office',
  domophone: 'door phone',
  entrance: 'entrance',
  floor: 'floor',
  stopListTitle: 'Stop list',
  available: 'On sale',
  deliveryPaused: 'Delivery paused until {t}',
  deliveryRunning: 'Delivery is running',
  pauseFor: 'Pause {m} min',
  resume: 'Resume delivery',
  noProducts: 'No products',
  search: 'Search',
  figuresTitle: "Today's figures",
  loginFailures: 'Failed logins, last 24 hours',
  loginFailuresNone: 'No failed logins',
  loginFailuresWho: 'Staff member',
  loginFailuresNetwork: 'Network',
  loginFailuresCount: 'Attempts',
  loginFailuresLast: 'Last',
  day: 'Day',
  orders: 'Orders',
  canceled: 'Cancelled',
  revenue: 'Revenue',
  acceptedToReady: 'Accepted → ready, min',
  acceptedToDelivered: 'Accepted → delivered, min',
  totalRow: 'Total',
  myOrders: 'My orders',
  readyToTake: 'Ready to take',
  nothingHere: 'No orders',
  take: 'Take',
  pickedUp: 'Picked up',
  delivered: 'Delivered',
  handBack: 'Hand back',
  gpsSending: 'Sending your position',
  gpsDenied: 'Location access is denied. Allow it in the browser settings so the customer can see the courier.',
  gpsUnavailable: 'Location is not available on this device',
  callCustomer: 'Call the customer',
  openInMaps: 'Open in maps',
  notFound: 'Page not found',
  sum: "so'm",
};

export type MessageKey = keyof Dict;

const STATUS: Record<Lang, Record<OrderStatus, string>> = {
  ru: {
    CREATED: 'Ждёт оплаты',
    AT_TIME: 'Ко времени',
    OPEN: 'Новый',
    ACCEPTED: 'Принят',
    COOKING: 'Готовится',
    DONE: 'Готов',
    ATTACHED: 'Курьер назначен',
    ON_WAY: 'В пути',
    DELIVERED: 'Доставлен',
    CLOSED: 'Закрыт',
    CANCELED: 'Отменён',
  },
  uz: {
    CREATED: "To'lov kutilmoqda",
    AT_TIME: 'Vaqtiga',
    OPEN: 'Yangi',
    ACCEPTED: 'Qabul qilindi',
    COOKING: 'Tayyorlanmoqda',
    DONE: 'Tayyor',
    ATTACHED: 'Kuryer biriktirildi',
    ON_WAY: "Yo'lda",
    DELIVERED: 'Yetkazildi',
    CLOSED: 'Yopildi',
    CANCELED: 'Bekor qilindi',
  },
  en: {
    CREATED: 'Awaiting payment',
    AT_TIME: 'Scheduled',
    OPEN: 'New',
    ACCEPTED: 'Accepted',
    COOKING: 'Cooking',
    DONE: 'Ready',
    ATTACHED: 'Courier attached',
    ON_WAY: 'On the way',
    DELIVERED: 'Delivered',
    CLOSED: 'Closed',
    CANCELED: 'Cancelled',
  },
};

/** What the button that makes a move says (the order's `next`). */
const ACTION: Record<Lang, Partial<Record<OrderStatus, string>>> = {
  ru: { OPEN: 'Открыть', ACCEPTED: 'Принять', CANCELED: 'Отклонить', COOKING: 'Готовить', DONE: 'Готов', ATTACHED: 'Назначить курьера', ON_WAY: 'В пути', DELIVERED: 'Доставлен', CLOSED: 'Закрыть' },
  uz: { OPEN: 'Ochish', ACCEPTED: 'Qabul qilish', CANCELED: 'Rad etish', COOKING: 'Tayyorlash', DONE: 'Tayyor', ATTACHED: 'Kuryer biriktirish', ON_WAY: "Yo'lda", DELIVERED: 'Yetkazildi', CLOSED: 'Yopish' },
  en: { OPEN: 'Open', ACCEPTED: 'Accept', CANCELED: 'Reject', COOKING: 'Cooking', DONE: 'Ready', ATTACHED: 'Attach courier', ON_WAY: 'On the way', DELIVERED: 'Delivered', CLOSED: 'Close' },
};

const COLUMN: Record<Lang, Record<BoardColumn, string>> = {
  ru: { new: 'Новые', accepted: 'Принятые', cooking: 'Готовятся', ready: 'Готовы', onTheWay: 'В пути', done: 'Завершены' },
  uz: { new: 'Yangi', accepted: 'Qabul qilingan', cooking: 'Tayyorlanmoqda', ready: 'Tayyor', onTheWay: "Yo'lda", done: 'Yakunlangan' },
  en: { new: 'New', accepted: 'Accepted', cooking: 'Cooking', ready: 'Ready', onTheWay: 'On the way', done: 'Done' },
};

const SERVICE: Record<Lang, Record<ServiceType, string>> = {
  ru: { DELIVERY: 'Доставка', PICK_UP: 'Самовывоз', DINE_IN: 'В зале', YANDEX_EATS: 'Яндекс Еда', EXPRESS_24: 'Express 24' },
  uz: { DELIVERY: 'Yetkazish', PICK_UP: 'Olib ketish', DINE_IN: 'Zalda', YANDEX_EATS: 'Yandex Eats', EXPRESS_24: 'Express 24' },
  en: { DELIVERY: 'Delivery', PICK_UP: 'Pickup', DINE_IN: 'Dine-in', YANDEX_EATS: 'Yandex Eats', EXPRESS_24: 'Express 24' },
};

const PAYMENT: Record<Lang, Partial<Record<PaymentType, string>>> = {
  ru: { CASH: 'Наличные', TERMINAL: 'Терминал', OTHER: 'Другое' },
  uz: { CASH: 'Naqd', TERMINAL: 'Terminal', OTHER: 'Boshqa' },
  en: { CASH: 'Cash', TERMINAL: 'Card terminal', OTHER: 'Other' },
};

const REASON: Record<Lang, Record<RejectReason, string>> = {
  ru: {
    OUT_OF_STOCK: 'Нет в наличии',
    BRANCH_BUSY: 'Филиал перегружен',
    BRANCH_CLOSED: 'Филиал закрыт',
    ADDRESS_UNREACHABLE: 'Не доставляем по адресу',
    CUSTOMER_UNREACHABLE: 'Клиент не отвечает',
    DUPLICATE: 'Дубликат заказа',
    OTHER: 'Другое',
  },
  uz: {
    OUT_OF_STOCK: "Mavjud emas",
    BRANCH_BUSY: 'Filial band',
    BRANCH_CLOSED: 'Filial yopiq',
    ADDRESS_UNREACHABLE: 'Manzilga yetkazib bo‘lmaydi',
    CUSTOMER_UNREACHABLE: 'Mijoz javob bermayapti',
    DUPLICATE: 'Takroriy buyurtma',
    OTHER: 'Boshqa',
  },
  en: {
    OUT_OF_STOCK: 'Out of stock',
    BRANCH_BUSY: 'Branch is busy',
    BRANCH_CLOSED: 'Branch is closed',
    ADDRESS_UNREACHABLE: 'Address out of reach',
    CUSTOMER_UNREACHABLE: 'Customer unreachable',
    DUPLICATE: 'Duplicate order',
    OTHER: 'Other',
  },
};

const ROLE: Record<Lang, Record<StaffRole | 'customer' | 'payment' | 'system', string>> = {
  ru: { admin: 'администратор', operator: 'оператор', kitchen: 'кухня', courier: 'курьер', customer: 'клиент', payment: 'оплата', system: 'система' },
  uz: { admin: 'administrator', operator: 'operator', kitchen: 'oshxona', courier: 'kuryer', customer: 'mijoz', payment: "to'lov", system: 'tizim' },
  en: { admin: 'admin', operator: 'operator', kitchen: 'kitchen', courier: 'courier', customer: 'customer', payment: 'payment', system: 'system' },
};

const DICTS: Record<Lang, Dict> = { ru, uz, en };
const LOCALES: Record<Lang, string> = { ru: 'ru-RU', uz: 'uz-Latn-UZ', en: 'en-GB' };

export interface Translator {
  lang: Lang;
  /** The content language of LocalizedText (the domain's pickText). */
  content: 'ru' | 'uz' | 'eng';
  locale: string;
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  status(status: OrderStatus): string;
  action(status: OrderStatus): string;
  column(column: BoardColumn): string;
  service(type: ServiceType): string;
  payment(type: PaymentType): string;
  reason(reason: string): string;
  role(role: string): string;
}

export function translator(lang: Lang): Translator {
  const dict = DICTS[lang];
  return {
    lang,
    content: lang === 'en' ? 'eng' : lang,
    locale: LOCALES[lang],
    t: (key, vars) => dict[key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars?.[name] ?? '')),
    status: (s) => STATUS[lang][s],
    action: (s) => ACTION[lang][s] ?? STATUS[lang][s],
    column: (c) => COLUMN[lang][c],
    service: (s) => SERVICE[lang][s],
    // Online providers keep their own names.
    payment: (p) => PAYMENT[lang][p] ?? p.charAt(0) + p.slice(1).toLowerCase().replace(/_/g, ' '),
    reason: (r) => (REASON[lang] as Record<string, string>)[r] ?? r,
    role: (r) => (ROLE[lang] as Record<string, string>)[r] ?? r,
  };
}

const LANG_KEY = 'dx-ops-lang';

export function storedLang(): Lang {
  const v = globalThis.localStorage?.getItem(LANG_KEY);
  return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : 'ru';
}

export function storeLang(lang: Lang): void {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
}

export interface I18n extends Translator {
  setLang(lang: Lang): void;
}

export const I18nContext = createContext<I18n>({ ...translator('ru'), setLang: () => {} });
export const useT = (): I18n => useContext(I18nContext);
