import { branchSettings } from '../schema/branches.ts';
import { DEFAULT_TIME_ZONE } from '@dasturxon/domain';
import { mediaKey } from './catalogue.ts';
import { DEMO } from './demo.ts';
import { MERCHANT_WIDE_CITY_ID } from '../constants.ts';
import { ids } from './ids.ts';
import {
  availabilityRows,
  branchRows,
  catalogueRows,
  daysFrom,
  mediaRows,
  policyRows,
  settingsRow,
  tashkentCity,
  yearIn,
  type BranchSpec,
  type MerchantRows,
  type SettingsInput,
} from './rows.ts';
import { TEZKOR_CATALOGUE } from './tezkor.catalogue.ts';
import { closedAtNow, dayOffToday, everyDay } from './work-hours.ts';

const SUB = DEMO.tezkor.sub;
const DEMO_STAFF = [
  { role: 'owner', phone: DEMO.tezkor.staffPhones.owner, name: 'Kamola Yusupova' },
  { role: 'manager', phone: DEMO.tezkor.staffPhones.manager, name: 'Sardor Nazarov' },
  { role: 'admin', phone: DEMO.tezkor.staffPhones.admin, name: 'Aziza Karimova' },
  { role: 'operator', phone: DEMO.tezkor.staffPhones.operator, name: 'Bobur Aliyev' },
  { role: 'kitchen', phone: DEMO.tezkor.staffPhones.kitchen, name: 'Dilshod Rahimov' },
  { role: 'courier', phone: DEMO.tezkor.staffPhones.courier, name: 'Jasur Tursunov' },
  { role: 'waiter', phone: DEMO.tezkor.staffPhones.waiter, name: 'Malika Ergasheva' },
] as const;
const SAMARKAND_TZ = 'Asia/Samarkand';
const BOTH: BranchSpec['hourTypes'] = ['DELIVERY', 'PICK_UP'];

function branches(now: Date): BranchSpec[] {
  return [
    {
      key: 'chilonzor',
      cityKey: 'tashkent',
      name: { ru: 'Чиланзар', uz: 'Chilonzor', eng: 'Chilonzor' },
      address: "Toshkent, Chilonzor tumani, Bunyodkor shoh ko'chasi, 12",
      latitude: 41.275696,
      longitude: 69.203921,
      phone: '+998712000101',
      isMain: true,
      deliveryPrice: 12000,
      deliveryMinAmount: 50000,
      settings: branchSettings({ dineinEnabled: true, bookingEnabled: true }),
      hours: everyDay('00:00', '00:00'),
      hourTypes: BOTH,
    },
    {
      key: 'yunusobod',
      cityKey: 'tashkent',
      name: { ru: 'Юнусабад', uz: 'Yunusobod', eng: 'Yunusobod' },
      address: "Toshkent, Yunusobod tumani, Amir Temur ko'chasi, 107",
      latitude: 41.364987,
      longitude: 69.287103,
      phone: '+998712000102',
      deliveryPrice: 15000,
      deliveryMinAmount: 50000,
      settings: branchSettings(),
      hours: everyDay('10:00', '03:00'),
      hourTypes: BOTH,
    },
    {
      key: 'mirzo-ulugbek',
      cityKey: 'tashkent',
      name: { ru: 'Мирзо-Улугбек', uz: "Mirzo Ulug'bek", eng: "Mirzo Ulug'bek" },
      address: "Toshkent, Mirzo Ulug'bek tumani, Mustaqillik shoh ko'chasi, 59",
      latitude: 41.325312,
      longitude: 69.334021,
      phone: '+998712000103',
      deliveryPrice: 12000,
      deliveryMinAmount: 50000,
      settings: branchSettings({ dineinEnabled: true }),
      hours: everyDay('11:00', '23:00', ['08:00', '10:00']),
      hourTypes: BOTH,
    },
    {
      key: 'sergeli',
      cityKey: 'tashkent',
      name: { ru: 'Сергели', uz: 'Sergeli', eng: 'Sergeli' },
      address: "Toshkent, Sergeli tumani, Yangi Sergeli ko'chasi, 35",
      latitude: 41.225034,
      longitude: 69.220118,
      phone: '+998712000104',
      deliveryPrice: 18000,
      deliveryMinAmount: 60000,
      settings: branchSettings({ pickupEnabled: false }),
      hours: closedAtNow(now, DEFAULT_TIME_ZONE, ['09:00', '22:00']),
      hourTypes: BOTH,
    },
    {
      key: 'yakkasaroy',
      cityKey: 'tashkent',
      name: { ru: 'Яккасарай', uz: 'Yakkasaroy', eng: 'Yakkasaroy' },
      address: "Toshkent, Yakkasaroy tumani, Shota Rustaveli ko'chasi, 45",
      latitude: 41.290512,
      longitude: 69.260087,
      phone: '+998712000105',
      deliveryPrice: 10000,
      deliveryMinAmount: 50000,
      settings: branchSettings(),
      hours: dayOffToday(now, DEFAULT_TIME_ZONE, ['09:00', '23:00']),
      hourTypes: BOTH,
    },
    {
      key: 'registon',
      cityKey: 'samarkand',
      name: { ru: 'Регистан', uz: 'Registon', eng: 'Registan' },
      address: "Samarqand, Registon ko'chasi, 4",
      latitude: 39.654808,
      longitude: 66.975732,
      phone: '+998662000101',
      deliveryPrice: 10000,
      deliveryMinAmount: 40000,
      settings: branchSettings({ dineinEnabled: true }),
      hours: everyDay('09:00', '23:00'),
      hourTypes: BOTH,
    },
  ];
}

// Rings of [latitude, longitude] traced roughly along the districts' real outlines.
type Ring = [number, number][];
interface ZoneSpec {
  key: string;
  cityKey: string;
  branchKey: string | null;
  name: string;
  color: string;
  /** Where zones overlap, the highest priority wins: the districts (10) over the city-wide ring (1). */
  priority?: number;
  price: number;
  polygon: Ring;
  holes?: Ring[];
  bands?: { fromKm: number; pricePerKm: number }[];
  freeAbove?: number | null;
  minOrderAmount?: number;
}

// A district's tariff: its base price, 1 500 so'm a started km beyond 5 km from its branch, free from 250 000.
const DISTRICT = { priority: 10, bands: [{ fromKm: 5, pricePerKm: 1500 }], freeAbove: 250_000, minOrderAmount: 50_000 };

const ZONES: ZoneSpec[] = [
  {
    key: 'chilonzor',
    ...DISTRICT,
    cityKey: 'tashkent',
    branchKey: 'chilonzor',
    name: 'Chilonzor',
    color: '#E4002B',
    price: 12000,
    polygon: [
      [41.299, 69.217],
      [41.293, 69.239],
      [41.279, 69.242],
      [41.262, 69.23],
      [41.252, 69.205],
      [41.256, 69.17],
      [41.272, 69.156],
      [41.29, 69.17],
    ],
    // The park (Milliy bog'): no door to deliver to, so it is cut out of the zone.
    holes: [
      [
        [41.288, 69.196],
        [41.288, 69.206],
        [41.281, 69.206],
        [41.281, 69.196],
      ],
    ],
  },
  {
    key: 'yunusobod',
    ...DISTRICT,
    cityKey: 'tashkent',
    branchKey: 'yunusobod',
    name: 'Yunusobod',
    color: '#3B82F6',
    price: 15000,
    polygon: [
      [41.395, 69.27],
      [41.393, 69.305],
      [41.375, 69.32],
      [41.35, 69.315],
      [41.338, 69.29],
      [41.342, 69.26],
      [41.365, 69.25],
    ],
  },
  {
    key: 'mirzo-ulugbek',
    ...DISTRICT,
    cityKey: 'tashkent',
    branchKey: 'mirzo-ulugbek',
    name: "Mirzo Ulug'bek",
    color: '#10B981',
    price: 12000,
    polygon: [
      [41.355, 69.32],
      [41.36, 69.36],
      [41.34, 69.395],
      [41.315, 69.39],
      [41.302, 69.355],
      [41.31, 69.32],
      [41.33, 69.31],
    ],
  },
  {
    key: 'yakkasaroy',
    ...DISTRICT,
    cityKey: 'tashkent',
    branchKey: 'yakkasaroy',
    name: 'Yakkasaroy',
    color: '#F59E0B',
    price: 10000,
    polygon: [
      [41.304, 69.252],
      [41.302, 69.278],
      [41.29, 69.286],
      [41.278, 69.275],
      [41.276, 69.252],
      [41.288, 69.243],
    ],
  },
  {
    key: 'sergeli',
    ...DISTRICT,
    cityKey: 'tashkent',
    branchKey: 'sergeli',
    name: 'Sergeli',
    color: '#8B5CF6',
    price: 18000,
    polygon: [
      [41.25, 69.2],
      [41.248, 69.25],
      [41.23, 69.265],
      [41.208, 69.25],
      [41.203, 69.21],
      [41.22, 69.19],
    ],
  },
  {
    key: 'centre',
    ...DISTRICT,
    cityKey: 'tashkent',
    branchKey: null,
    name: 'Shayxontohur',
    color: '#EC4899',
    price: 20000,
    polygon: [
      [41.344, 69.21],
      [41.345, 69.245],
      [41.33, 69.256],
      [41.315, 69.252],
      [41.312, 69.225],
      [41.325, 69.205],
    ],
  },
  {
    // The rest of Tashkent: from the nearest branch, by distance, with a higher minimum.
    key: 'tashkent-city',
    cityKey: 'tashkent',
    branchKey: null,
    name: 'Toshkent shahri',
    color: '#64748B',
    priority: 1,
    price: 20000,
    polygon: [
      [41.42, 69.18],
      [41.43, 69.3],
      [41.38, 69.42],
      [41.3, 69.44],
      [41.22, 69.38],
      [41.18, 69.27],
      [41.21, 69.15],
      [41.3, 69.11],
      [41.38, 69.12],
    ],
    bands: [
      { fromKm: 3, pricePerKm: 2000 },
      { fromKm: 10, pricePerKm: 3000 },
    ],
    freeAbove: null,
    minOrderAmount: 80_000,
  },
  {
    key: 'samarkand',
    ...DISTRICT,
    cityKey: 'samarkand',
    branchKey: 'registon',
    name: 'Samarqand markazi',
    color: '#14B8A6',
    price: 10000,
    polygon: [
      [39.68, 66.94],
      [39.678, 66.98],
      [39.665, 67.005],
      [39.645, 67.0],
      [39.632, 66.97],
      [39.638, 66.935],
      [39.66, 66.92],
    ],
  },
];

const ABOUT = {
  ru: [
    'Tezkor Burger — сеть ресторанов быстрого питания, основанная в Ташкенте в 2019 году. Мы готовим бургеры, лаваш и курицу из свежих местных продуктов: говядину и курицу закупаем у фермеров Ташкентской области, а булочки печём каждое утро.',
    'Сегодня у нас пять ресторанов в Ташкенте и один в Самарканде. Ресторан в Чиланзаре работает круглосуточно, а в Мирзо-Улугбеке с 8:00 готовим завтраки.',
    `Доставляем по городу за 30–45 минут. Заказывайте на сайте, в Telegram или по телефону ${DEMO.tezkor.phone}.`,
  ].join('\n\n'),
  uz: [
    "Tezkor Burger — 2019-yilda Toshkentda tashkil etilgan tezkor ovqatlanish restoranlari tarmog'i. Biz burger, lavash va tovuq taomlarini yangi mahalliy mahsulotlardan tayyorlaymiz: mol va tovuq go'shtini Toshkent viloyati fermerlaridan olamiz, bulochkalarni esa har tong o'zimiz yopamiz.",
    "Bugun Toshkentda beshta va Samarqandda bitta restoranimiz bor. Chilonzordagi restoranimiz kecha-kunduz ishlaydi, Mirzo Ulug'bekda esa soat 8:00 dan nonushta tayyorlaymiz.",
    `Shahar bo'ylab 30–45 daqiqada yetkazib beramiz. Saytda, Telegramda yoki ${DEMO.tezkor.phone} raqami orqali buyurtma bering.`,
  ].join('\n\n'),
  eng: [
    'Tezkor Burger is a fast-food chain founded in Tashkent in 2019. We make burgers, lavash and chicken from fresh local produce: our beef and chicken come from farms in the Tashkent region, and we bake our buns every morning.',
    "Today we run five restaurants in Tashkent and one in Samarkand. Our Chilonzor restaurant is open round the clock, and Mirzo Ulug'bek serves breakfast from 8:00.",
    `We deliver across the city in 30–45 minutes. Order on the website, in Telegram or by phone at ${DEMO.tezkor.phone}.`,
  ].join('\n\n'),
};

function settings(merchantId: string, now: Date): MerchantRows['settings'] {
  const year = yearIn(now, DEFAULT_TIME_ZONE);
  const web: SettingsInput = {
    flags: {
      isDark: true,
      // Customers see their orders' messages in the storefront (issue 15).
      notificationsActive: true,
      uzLangActive: true,
      ruLangActive: true,
      engLangActive: true,
      arLangActive: true,
      kzLangActive: true,
      trLangActive: true,
      zhLangActive: true,
      bannersActive: true,
      storiesActive: true,
      favouriteActive: true,
      cashbackActive: true,
      balanceActive: true,
      isCategoryImageVisible: true,
      deliveryActive: true,
      pickupActive: true,
      dineInActive: true,
      bookingActive: true,
      chatActive: true,
      qrGuestOrders: true,
      phoneActive: true,
      telegramActive: true,
      instagramActive: true,
      telegramBotActive: true,
      cashActive: true,
      clickActive: true,
      paymeActive: true,
      uzumActive: true,
      // Saved cards, at Click (its card tokens).
      cardActive: true,
      promoActive: true,
      promoLegalTextActive: true,
      vacanciesActive: true,
      productComment: true,
      // Tezkor Coffee is its sister brand (issue 31): the tabs between them under the header.
      multiTabNavigationEnabled: true,
    },
    texts: {
      logo: mediaKey.logo(SUB),
      favicon: mediaKey.favicon(SUB),
      brand: DEMO.tezkor.name,
      domain: DEMO.tezkor.domain,
      phone: DEMO.tezkor.phone,
      telegram: 'https://t.me/tezkorburger',
      instagram: 'https://www.instagram.com/tezkorburger',
      telegramBotLink: 'https://t.me/tezkor_demo_bot',
    },
    extras: {
      mainColor: DEMO.tezkor.mainColor,
      mainColorType: 'DARK',
      mainLanguage: 'ru',
      forcedLanguage: null,
      mapType: 'LEAFLET',
      basketPosition: 'NAVIGATION_BAR',
      contacts: [DEMO.tezkor.phone, '+998712000199'],
      title: {
        ru: 'Tezkor Burger — бургеры и курица с доставкой',
        uz: 'Tezkor Burger — burger va tovuq yetkazib berish',
        eng: 'Tezkor Burger — burgers and chicken delivered',
      },
      leftCopyWrite: {
        ru: `© 2019–${year} Tezkor Burger. Все права защищены.`,
        uz: `© 2019–${year} Tezkor Burger. Barcha huquqlar himoyalangan.`,
        eng: `© 2019–${year} Tezkor Burger. All rights reserved.`,
      },
      rightCopyWrite: {
        ru: 'ООО «Tezkor Food», ИНН 309876543',
        uz: '«Tezkor Food» MChJ, STIR 309876543',
        eng: 'Tezkor Food LLC, TIN 309876543',
      },
    },
  };
  // The Click mini app pays through Click only and has no room for the stories strip.
  const clickApp: SettingsInput = {
    ...web,
    flags: { ...web.flags, paymeActive: false, telegramBotActive: false, storiesActive: false },
    extras: { ...web.extras, basketPosition: 'FLOATING_OVER_PRODUCT' },
  };
  return [settingsRow(merchantId, 'WEB', web), settingsRow(merchantId, 'CLICK_APP', clickApp)];
}

function promos(merchantId: string, now: Date): MerchantRows['promos'] {
  const promo = (code: string, p: Partial<MerchantRows['promos'][number]>): MerchantRows['promos'][number] => ({
    id: ids.promo(SUB, code),
    merchantId,
    code,
    discountType: 'PERCENTAGE',
    productDiscount: 0,
    deliveryDiscount: 0,
    minPrice: 0,
    startDate: daysFrom(now, -30),
    endDate: daysFrom(now, 90),
    isActive: true,
    ...p,
  });
  return [
    // The two the brand lists for its customers on the promo codes page; the others work only when typed.
    promo('WELCOME10', { productDiscount: 10, isPublic: true }),
    promo('MINUS15K', { discountType: 'AMOUNT', productDiscount: 15000, minPrice: 100000, isPublic: true }),
    promo('FREEDELIVERY', { deliveryDiscount: 100 }),
    promo('EXPIRED', { productDiscount: 20, startDate: daysFrom(now, -60), endDate: daysFrom(now, -1) }),
    promo('SOON', { productDiscount: 15, startDate: daysFrom(now, 7), endDate: daysFrom(now, 37) }),
    promo('OFF', { productDiscount: 10, isActive: false }),
  ];
}

/**
 * Chilonzor's dining room (issue 32): the main hall's eight tables (two to eight seats) and the terrace's four; what
 * reservations hold and, with their QR codes, where dine-in orders are served.
 */
function diningRoom(merchantId: string): Pick<MerchantRows, 'halls' | 'tables'> {
  const branchId = ids.branch(SUB, 'chilonzor');
  const hall = (key: string, name: MerchantRows['categories'][number]['name'], priority: number) => ({
    id: ids.hall(SUB, 'chilonzor', key),
    merchantId,
    branchId,
    name,
    priority,
  });
  const halls = [
    hall('main', { ru: 'Основной зал', uz: 'Asosiy zal', eng: 'Main hall' }, 0),
    hall('terrace', { ru: 'Терраса', uz: 'Ayvon', eng: 'Terrace' }, 1),
  ];
  const seats: [string, string, number][] = [
    ['main', '1', 2],
    ['main', '2', 2],
    ['main', '3', 4],
    ['main', '4', 4],
    ['main', '5', 4],
    ['main', '6', 4],
    ['main', '7', 6],
    ['main', '8', 8],
    ['terrace', 'T1', 2],
    ['terrace', 'T2', 4],
    ['terrace', 'T3', 4],
    ['terrace', 'T4', 6],
  ];
  const tables = seats.map(([key, name, n], i) => ({
    id: ids.table(SUB, 'chilonzor', name),
    merchantId,
    branchId,
    hallId: ids.hall(SUB, 'chilonzor', key),
    name,
    seats: n,
    priority: i,
  }));
  return { halls, tables };
}

export function tezkorRows(now: Date): MerchantRows {
  const merchantId = DEMO.tezkor.id;
  const specs = branches(now);
  return {
    merchant: {
      id: merchantId,
      name: DEMO.tezkor.name,
      logo: mediaKey.logo(SUB),
      color: DEMO.tezkor.mainColor,
      sub: SUB,
      isActive: true,
      latitude: 41.311151,
      longitude: 69.279737,
      mainCityId: DEMO.tezkor.cities.tashkent,
      // Codes go to the outbox so the demo logs in without a real SMS provider.
      smsGateway: 'OUTBOX',
      companyId: DEMO.tezkor.companyId,
    },
    secrets: {
      merchantId,
      smsCredentials: { provider: 'ESKIZ', email: 'sms@tezkor.uz', password: 'demo-not-a-real-password', from: '4546' },
      posKeys: {},
      paymentKeys: {},
      yandexMapKey: '',
      yandexDeliveryKey: '',
      appId: '',
    },
    settings: settings(merchantId, now),
    brands: [
      {
        id: DEMO.tezkor.brandEntry,
        merchantId,
        name: DEMO.tezkor.name,
        domainUrl: DEMO.tezkor.domain,
        color: DEMO.tezkor.mainColor,
        image: mediaKey.logo(SUB),
        priority: 0,
      },
    ],
    cities: [
      tashkentCity(DEMO.tezkor.cities.tashkent, merchantId),
      {
        id: DEMO.tezkor.cities.samarkand,
        merchantId,
        name: { ru: 'Самарканд', uz: 'Samarqand', eng: 'Samarkand' },
        description: '',
        latitude: 39.6542,
        longitude: 66.9597,
        isMain: false,
        isTaximeter: false,
        timeZone: SAMARKAND_TZ,
        taximeterCommentUz: '',
        taximeterCommentRu: '',
        taximeterCommentEn: '',
        priority: 1,
      },
    ],
    ...branchRows(SUB, specs),
    zones: ZONES.map((z) => ({
      id: ids.zone(SUB, z.key),
      merchantId,
      cityId: ids.city(SUB, z.cityKey),
      branchId: z.branchKey ? ids.branch(SUB, z.branchKey) : null,
      name: z.name,
      color: z.color,
      priority: z.priority ?? 0,
      area: [{ outer: z.polygon, holes: z.holes ?? [] }],
      price: z.price,
      bands: z.bands ?? [],
      freeAbove: z.freeAbove ?? null,
      minOrderAmount: z.minOrderAmount ?? 0,
    })),
    policies: policyRows(SUB, { brand: DEMO.tezkor.name, phone: DEMO.tezkor.phone, delivers: true, about: ABOUT, markupProbe: true }),
    ...catalogueRows(TEZKOR_CATALOGUE, now),
    productBranches: availabilityRows(
      SUB,
      specs.map((b) => b.key),
      {
        'breakfast-wrap': ['chilonzor', 'mirzo-ulugbek'],
        'bucket-mix': specs.map((b) => b.key).filter((k) => k !== 'registon'),
      },
    ),
    ...mediaRows(TEZKOR_CATALOGUE, now),
    promos: promos(merchantId, now),
    ...diningRoom(merchantId),
    // The sandbox accounts of the README: anyone can play a provider against the demo with curl.
    paymentAccounts: [
      {
        provider: 'PAYME',
        credentials: { cashboxId: '65f1a2b3c4d5e6f708192a3b', key: '', testKey: 'tezkor-payme-test-key', testMode: true },
      },
      {
        provider: 'CLICK',
        credentials: { serviceId: '10001', merchantId: '20001', secretKey: 'tezkor-click-secret', merchantUserId: '40001' },
      },
      { provider: 'UZUM', credentials: { serviceId: '30001', login: 'tezkor-uzum', password: 'tezkor-uzum-pass' } },
    ],
    // The demo bot of the README (issue 30): local tests play Telegram with this token; it is no real bot's.
    telegramBot: DEMO.tezkor.telegramBot,
    // The console's demo accounts of the README, one per role (issue 15).
    staff: DEMO_STAFF.map((member) => ({
      id: DEMO.tezkor.staff[member.role],
      phone: member.phone,
      name: member.name,
      role: member.role,
      branchIds:
        member.role === 'admin' || member.role === 'owner'
          ? []
          : [ids.branch(SUB, 'chilonzor'), ...(member.role === 'operator' ? [ids.branch(SUB, 'yunusobod')] : [])],
      password: DEMO.tezkor.staffPassword,
    })),
    // A few open positions (issue 31), with the flag on above.
    vacancies: tezkorVacancies(merchantId),
    serviceFees: [
      {
        merchantId,
        cityId: MERCHANT_WIDE_CITY_ID,
        isServiceFeeEnabled: true,
        isServiceFeeFreeAboveThreshold: true,
        serviceFeeThreshold: 150000,
        serviceFeeAmount: 3000,
        minimalDeliveryPrice: 0,
      },
    ],
  };
}

/** The demo's vacancies (issue 31): three open positions at Tezkor's branches and one closed. */
function tezkorVacancies(merchantId: string): NonNullable<MerchantRows['vacancies']> {
  const v = (
    key: string,
    priority: number,
    fields: Omit<NonNullable<MerchantRows['vacancies']>[number], 'id' | 'merchantId' | 'priority'>,
  ) => ({
    id: ids.vacancy(SUB, key),
    merchantId,
    priority,
    ...fields,
  });
  return [
    v('cook', 10, {
      position: { ru: 'Повар', uz: 'Oshpaz', eng: 'Cook' },
      responsible: 'Дильноза Каримова, +998 71 200-01-10',
      salary: 6_000_000,
      requirements: {
        ru: 'Опыт работы на кухне от 1 года. Медицинская книжка. График 2/2, с 10:00 до 22:00.',
        uz: 'Oshxonada kamida 1 yillik tajriba. Tibbiy daftarcha. 2/2 jadval, 10:00 dan 22:00 gacha.',
      },
      branchId: ids.branch(SUB, 'chilonzor'),
      active: true,
    }),
    v('courier', 20, {
      position: { ru: 'Курьер', uz: 'Kuryer', eng: 'Courier' },
      responsible: 'Азиз Рахимов, +998 71 200-01-11',
      salary: 5_000_000,
      requirements: {
        ru: 'Свой автомобиль или скутер, знание Ташкента, смартфон. Оплата еженедельно.',
        uz: "Shaxsiy avtomobil yoki skuter, Toshkentni bilish, smartfon. Haftalik to'lov.",
      },
      branchId: null,
      active: true,
    }),
    v('cashier', 30, {
      position: { ru: 'Кассир', uz: 'Kassir', eng: 'Cashier' },
      responsible: 'Дильноза Каримова, +998 71 200-01-10',
      salary: null,
      requirements: {
        ru: 'Вежливость, внимательность, знание узбекского и русского языков. Обучение за наш счёт.',
        uz: "Xushmuomalalik, e'tiborlilik, o'zbek va rus tillarini bilish. O'qitish bizning hisobimizdan.",
      },
      branchId: ids.branch(SUB, 'yunusobod'),
      active: true,
    }),
    v('night-manager', 40, {
      position: { ru: 'Ночной менеджер', uz: 'Tungi menejer', eng: 'Night manager' },
      responsible: 'Азиз Рахимов, +998 71 200-01-11',
      salary: 8_000_000,
      requirements: { ru: 'Позиция закрыта.', uz: 'Lavozim yopilgan.' },
      branchId: ids.branch(SUB, 'yunusobod'),
      active: false,
    }),
  ];
}
