import { demoId, ids } from './ids.ts';

const T = 'tezkor';
const N = 'navbahor';
const Y = 'yopiq';
const C = 'tezkor-coffee';

/** The company of Tezkor Burger and Tezkor Coffee (issue 31): sister brands, listed to each other by multi-tab navigation. */
const TEZKOR_COMPANY = demoId('company/tezkor');

const tezkorBranches = {
  chilonzor: ids.branch(T, 'chilonzor'),
  yunusobod: ids.branch(T, 'yunusobod'),
  mirzoUlugbek: ids.branch(T, 'mirzo-ulugbek'),
  sergeli: ids.branch(T, 'sergeli'),
  yakkasaroy: ids.branch(T, 'yakkasaroy'),
  registon: ids.branch(T, 'registon'),
};

const tezkorPromos = {
  welcome10: { id: ids.promo(T, 'WELCOME10'), code: 'WELCOME10' },
  minus15k: { id: ids.promo(T, 'MINUS15K'), code: 'MINUS15K' },
  freeDelivery: { id: ids.promo(T, 'FREEDELIVERY'), code: 'FREEDELIVERY' },
  expired: { id: ids.promo(T, 'EXPIRED'), code: 'EXPIRED' },
  soon: { id: ids.promo(T, 'SOON'), code: 'SOON' },
  off: { id: ids.promo(T, 'OFF'), code: 'OFF' },
};

const product = (sub: string, slug: string) => ids.product(sub, slug);
const option = (slug: string, group: string, key: string) => ids.modification(T, slug, group, key);

/**
 * Names, subs and ids of the demo rows that tests, e2e journeys and other engineers rely on.
 * The ids are UUID v5 of stable names, so they are the same on every machine and every run.
 * Branch roles (closedNow, dayOffToday) hold relative to the `now` the seed ran with.
 */
export const DEMO = {
  tezkor: {
    id: ids.merchant(T),
    sub: T,
    name: 'Tezkor Burger',
    domain: 'tezkor.uz',
    /** Tezkor Coffee shares it (issue 31). */
    companyId: TEZKOR_COMPANY,
    mainColor: '#E4002B',
    phone: '+998712000100',
    brandEntry: ids.brand(T),
    /** The console's demo staff (README): one per role, all with this password. */
    staff: {
      owner: ids.staff(T, 'owner'),
      admin: ids.staff(T, 'admin'),
      manager: ids.staff(T, 'manager'),
      operator: ids.staff(T, 'operator'),
      kitchen: ids.staff(T, 'kitchen'),
      courier: ids.staff(T, 'courier'),
      waiter: ids.staff(T, 'waiter'),
    },
    staffPhones: {
      owner: '+998900000005',
      admin: '+998900000001',
      manager: '+998900000006',
      operator: '+998900000002',
      kitchen: '+998900000003',
      courier: '+998900000004',
      waiter: '+998900000007',
    },
    staffPassword: 'tezkor-demo-2026',
    /** The demo's vacancies (issue 31); nightManager is closed. */
    vacancies: {
      cook: ids.vacancy(T, 'cook'),
      courier: ids.vacancy(T, 'courier'),
      cashier: ids.vacancy(T, 'cashier'),
      nightManager: ids.vacancy(T, 'night-manager'),
    },
    /** The demo Telegram bot (issue 30, README): tests play Telegram with it; no real bot has this token. */
    telegramBot: {
      id: '7000000001',
      username: 'tezkor_demo_bot',
      token: '7000000001:AAEtezkorDemoBotTokenLocalTestsOnly',
      webhookSecret: 'tezkor-bot-secret',
    },
    cities: { tashkent: ids.city(T, 'tashkent'), samarkand: ids.city(T, 'samarkand') },
    branches: {
      ...tezkorBranches,
      /** Open round the clock (00:00-00:00), so open whatever `now` is. */
      openNow: tezkorBranches.chilonzor,
      roundTheClock: tezkorBranches.chilonzor,
      /** 10:00-03:00 every day. */
      pastMidnight: tezkorBranches.yunusobod,
      /** 11:00-23:00 plus a breakfast interval 08:00-10:00. */
      extraInterval: tezkorBranches.mirzoUlugbek,
      /** Today's only interval starts about two hours after the seed's `now`. Delivery only. */
      closedNow: tezkorBranches.sergeli,
      deliveryOnly: tezkorBranches.sergeli,
      /** Today is a day off; other days 09:00-23:00. */
      dayOffToday: tezkorBranches.yakkasaroy,
      /** The one branch in Samarkand. */
      samarkand: tezkorBranches.registon,
    },
    zones: {
      chilonzor: ids.zone(T, 'chilonzor'),
      yunusobod: ids.zone(T, 'yunusobod'),
      mirzoUlugbek: ids.zone(T, 'mirzo-ulugbek'),
      yakkasaroy: ids.zone(T, 'yakkasaroy'),
      sergeli: ids.zone(T, 'sergeli'),
      /** Shayxontohur: no branch of its own. */
      centre: ids.zone(T, 'centre'),
      samarkand: ids.zone(T, 'samarkand'),
    },
    groups: {
      burgersLavash: ids.group(T, 'burgers-lavash'),
      chicken: ids.group(T, 'chicken'),
      sidesSnacks: ids.group(T, 'sides-snacks'),
      drinksDesserts: ids.group(T, 'drinks-desserts'),
    },
    categories: {
      burgers: ids.category(T, 'burgers'),
      lavash: ids.category(T, 'lavash'),
      combos: ids.category(T, 'combos'),
      stripsWings: ids.category(T, 'strips-wings'),
      buckets: ids.category(T, 'buckets'),
      sides: ids.category(T, 'sides'),
      salads: ids.category(T, 'salads'),
      sauces: ids.category(T, 'sauces'),
      coldDrinks: ids.category(T, 'cold-drinks'),
      hotDrinks: ids.category(T, 'hot-drinks'),
      desserts: ids.category(T, 'desserts'),
    },
    products: {
      hamburger: product(T, 'hamburger'),
      cheeseburger: product(T, 'cheeseburger'),
      fries: product(T, 'fries'),
      cola: product(T, 'cola'),
      ketchup: product(T, 'sauce-ketchup'),
      lavashBeef: product(T, 'lavash-beef'),
      comboCheeseburger: product(T, 'combo-cheeseburger'),
      cappuccino: product(T, 'cappuccino'),
      /** count 0. */
      outOfStock: product(T, 'fish-burger'),
      /** count 5. */
      lowStock: product(T, 'big-tezkor'),
      /** 42 000 so'm with 15% off. */
      discounted: product(T, 'double-cheeseburger'),
      /** 34 000 so'm with 25% off. */
      discounted25: product(T, 'lavash-spicy'),
      /** Size is required (min 1, max 1); sauces are optional (max 3). */
      withRequiredModifier: product(T, 'cheeseburger'),
      withoutModifiers: product(T, 'fries'),
      /** Sold only at Chilonzor and Mirzo Ulug'bek. */
      onlySomeBranches: product(T, 'breakfast-wrap'),
      /** Sold everywhere except Samarkand (Registon). */
      notInSamarkand: product(T, 'bucket-mix'),
      /** active = false: never shown. */
      inactive: product(T, 'retro-burger'),
      cartRecommendation: product(T, 'fries'),
    },
    productBranches: {
      onlySomeBranches: {
        soldAt: [tezkorBranches.chilonzor, tezkorBranches.mirzoUlugbek],
        notSoldAt: [tezkorBranches.yunusobod, tezkorBranches.sergeli, tezkorBranches.yakkasaroy, tezkorBranches.registon],
      },
      notInSamarkand: {
        soldAt: Object.values(tezkorBranches).filter((b) => b !== tezkorBranches.registon),
        notSoldAt: [tezkorBranches.registon],
      },
    },
    modifiers: {
      cheeseburger: {
        size: {
          group: ids.modificationGroup(T, 'cheeseburger', 'size'),
          standard: option('cheeseburger', 'size', 'standard'),
          large: option('cheeseburger', 'size', 'large'),
          xl: option('cheeseburger', 'size', 'xl'),
        },
        sauces: {
          group: ids.modificationGroup(T, 'cheeseburger', 'sauces'),
          ketchup: option('cheeseburger', 'sauces', 'ketchup'),
          cheese: option('cheeseburger', 'sauces', 'cheese'),
          garlic: option('cheeseburger', 'sauces', 'garlic'),
          bbq: option('cheeseburger', 'sauces', 'bbq'),
          chili: option('cheeseburger', 'sauces', 'chili'),
        },
      },
    },
    banners: {
      comboWeek: ids.banner(T, 'combo-week'),
      breakfast: ids.banner(T, 'breakfast'),
      freeDelivery: ids.banner(T, 'free-delivery'),
    },
    stories: {
      newMenu: ids.story(T, 'new-menu'),
      spicyWeek: ids.story(T, 'spicy-week'),
      /** Its window ended five days before the seed's `now`. */
      ended: ids.story(T, 'summer-lemonade'),
    },
    promos: tezkorPromos,
  },
  navbahor: {
    id: ids.merchant(N),
    sub: N,
    name: 'Navbahor Cafe',
    domain: 'navbahor.cafe',
    mainColor: '#F5C542',
    phone: '+998712345670',
    brandEntry: ids.brand(N),
    cities: { tashkent: ids.city(N, 'tashkent') },
    branches: { mirobod: ids.branch(N, 'mirobod') },
    groups: { dishes: ids.group(N, 'dishes'), drinks: ids.group(N, 'drinks') },
    categories: { uzbekDishes: ids.category(N, 'uzbek-dishes'), sweets: ids.category(N, 'sweets'), tea: ids.category(N, 'tea') },
    products: {
      plov: product(N, 'toshkent-oshi'),
      somsa: product(N, 'tandir-somsa'),
      pumpkinSomsa: product(N, 'qovoqli-somsa'),
      lagmon: product(N, 'lagmon'),
      manti: product(N, 'manti'),
      chakChak: product(N, 'chak-chak'),
      napoleon: product(N, 'napoleon'),
      nisholda: product(N, 'nisholda'),
      greenTea: product(N, 'kok-choy'),
      blackTea: product(N, 'qora-choy'),
      lemonTea: product(N, 'limonli-choy'),
      kompot: product(N, 'kompot'),
    },
    banners: { plovDaily: ids.banner(N, 'plov-daily') },
  },
  yopiq: {
    id: ids.merchant(Y),
    sub: Y,
    name: 'Yopiq Oshxona',
    mainColor: '#2F6B4F',
    phone: '+998712220011',
    cities: { tashkent: ids.city(Y, 'tashkent') },
    branches: { main: ids.branch(Y, 'main') },
    categories: { mains: ids.category(Y, 'mains') },
    products: { shashlik: product(Y, 'shashlik'), non: product(Y, 'non'), shorva: product(Y, 'shorva') },
  },
  /** Tezkor Burger's sister brand (issue 31): one branch, a few drinks and desserts, pickup only. */
  tezkorCoffee: {
    id: ids.merchant(C),
    sub: C,
    name: 'Tezkor Coffee',
    companyId: TEZKOR_COMPANY,
    mainColor: '#6F4E37',
    phone: '+998712000300',
    cities: { tashkent: ids.city(C, 'tashkent') },
    branches: { main: ids.branch(C, 'main') },
    categories: { coffee: ids.category(C, 'coffee'), desserts: ids.category(C, 'desserts') },
    products: {
      cappuccino: product(C, 'cappuccino'),
      latte: product(C, 'latte'),
      lemonTea: product(C, 'lemon-tea'),
      cheesecake: product(C, 'cheesecake'),
    },
  },
  /** Tezkor's promo codes (the only brand with promos). */
  promos: tezkorPromos,
} as const;
