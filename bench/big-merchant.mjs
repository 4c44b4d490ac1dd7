// The 1,000-product merchant ('bench1000') the benchmarks measure beside the demo menu (bench/overalls.mjs,
// bench/ssr.mjs). Written through drizzle before the server starts (PGlite allows one process on a data
// folder); the server then migrates (a no-op) and seeds the demo.
import { randomUUID } from 'node:crypto';
import { register } from 'tsx/esm/api';

register();
const { openDatabase, migrateDatabase } = await import('../packages/db/src/client.ts');
const s = await import('../packages/db/src/schema/index.ts');

export const BIG = { sub: 'bench1000', products: 1000, groups: 4, categoriesPerGroup: 5 };

const L = (ru, uz, eng) => ({ ru, uz, eng });

/** Choice groups shaped like the demo's (tezkor.catalogue.ts): size, sauces, wrap, extras, combo drink, syrup. */
const MODS = {
  size: {
    name: L('Размер', "O'lcham", 'Size'),
    min: 1,
    max: 1,
    options: [
      [L('Стандарт', 'Standart', 'Standard'), 0],
      [L('Большой', 'Katta', 'Large'), 8000],
      [L('XL', 'XL', 'XL'), 14000],
    ],
  },
  sauces: {
    name: L('Соусы', 'Souslar', 'Sauces'),
    min: 0,
    max: 3,
    options: [
      [L('Кетчуп', 'Ketchup', 'Ketchup'), 2000],
      [L('Сырный', 'Pishloqli', 'Cheese'), 3000],
      [L('Чесночный', 'Sarimsoqli', 'Garlic'), 2000],
      [L('Барбекю', 'Barbekyu', 'BBQ'), 2500],
      [L('Чили', 'Chili', 'Chili'), 2500],
    ],
  },
  bread: {
    name: L('Лаваш', 'Lavash', 'Wrap'),
    min: 1,
    max: 1,
    options: [
      [L('Классический', 'Oddiy', 'Classic'), 0],
      [L('Сырный', 'Pishloqli', 'Cheese'), 4000],
      [L('Тандырный', 'Tandir', 'Tandoor'), 3000],
    ],
  },
  extras: {
    name: L('Добавки', "Qo'shimchalar", 'Extras'),
    min: 0,
    max: 4,
    options: [
      [L('Сыр', 'Pishloq', 'Cheese'), 4000],
      [L('Халапеньо', 'Xalapenyo', 'Jalapeños'), 3000],
      [L('Двойное мясо', "Qo'sh go'sht", 'Double meat'), 9000],
      [L('Картофель фри внутри', 'Ichida kartoshka fri', 'Fries inside'), 5000],
    ],
  },
  drink: {
    name: L('Напиток', 'Ichimlik', 'Drink'),
    min: 1,
    max: 1,
    options: [
      [L('Кола 0,4 л', 'Kola 0,4 l', 'Cola 0.4 L'), 0],
      [L('Холодный чай 0,4 л', 'Muzli choy 0,4 l', 'Iced tea 0.4 L'), 0],
      [L('Айран 0,3 л', 'Ayron 0,3 l', 'Ayran 0.3 L'), 0],
      [L('Тархун 0,4 л', 'Tarxun 0,4 l', 'Tarragon lemonade 0.4 L'), 3000],
    ],
  },
  syrup: {
    name: L('Сироп', 'Sirop', 'Syrup'),
    min: 0,
    max: 1,
    options: [
      [L('Ванильный', 'Vanilli', 'Vanilla'), 3000],
      [L('Карамельный', 'Karamelli', 'Caramel'), 3000],
      [L('Ореховый', "Yong'oqli", 'Hazelnut'), 3000],
    ],
  },
};

/** Kinds of dish; 14 of the 20 categories (700 products) carry choices: 1,150 groups, 4,650 options. */
const KINDS = [
  { name: L('Бургер', 'Burger', 'Burger'), slug: 'cheeseburger', mods: ['size', 'sauces'], price: 29000 },
  { name: L('Лаваш', 'Lavash', 'Wrap'), slug: 'lavash-beef', mods: ['bread', 'extras'], price: 32000 },
  { name: L('Комбо', 'Kombo', 'Combo'), slug: 'big-tezkor', mods: ['drink', 'sauces'], price: 54000 },
  { name: L('Закуска', 'Gazak', 'Snack'), slug: 'fries', mods: ['sauces'], price: 15000 },
  { name: L('Напиток', 'Ichimlik', 'Drink'), slug: 'cola', mods: [], price: 9000 },
  { name: L('Кофе', 'Qahva', 'Coffee'), slug: 'hamburger', mods: ['syrup'], price: 18000 },
  { name: L('Десерт', 'Desert', 'Dessert'), slug: 'hamburger', mods: [], price: 16000 },
  { name: L('Салат', 'Salat', 'Salad'), slug: 'fries', mods: [], price: 21000 },
];

const chunks = (rows, size = 500) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/** Writes the bench1000 merchant (migrating first) and returns its id. */
export async function writeBigMerchant(openOptions) {
  const database = await openDatabase(openOptions);
  try {
    await migrateDatabase(database);
    const merchantId = randomUUID();
    const cityId = randomUUID();
    const branchId = randomUUID();
    const groups = [];
    const categories = [];
    const products = [];
    const modificationGroups = [];
    const modifications = [];
    for (let g = 0; g < BIG.groups; g++) {
      const n = g + 1;
      groups.push({
        id: randomUUID(),
        merchantId,
        name: L(`Раздел ${n}`, `Bo'lim ${n}`, `Section ${n}`),
        icon: '',
        image: 'demo/tezkor/categories/burgers.svg',
        bgColor: '#FFF1E0',
        iconBgColor: '#FFC72C',
        priority: g,
      });
    }
    for (let c = 0; c < BIG.groups * BIG.categoriesPerGroup; c++) {
      const kind = KINDS[c % KINDS.length];
      const n = c + 1;
      categories.push({
        id: randomUUID(),
        merchantId,
        groupId: groups[Math.floor(c / BIG.categoriesPerGroup)].id,
        name: L(`${kind.name.ru} — подборка ${n}`, `${kind.name.uz} — to'plam ${n}`, `${kind.name.eng} — selection ${n}`),
        image: 'demo/tezkor/categories/burgers.svg',
        priority: c,
        viewType: ['BIG', 'MEDIUM', 'SMALL'][c % 3],
        scrollType: c % 4 === 3 ? 'HORIZONTAL' : 'VERTICAL',
        navigationType: 'SHEET',
        kind,
      });
    }
    for (let p = 0; p < BIG.products; p++) {
      const category = categories[p % categories.length];
      const { kind } = category;
      const n = p + 1;
      const productId = randomUUID();
      const image = `demo/tezkor/products/${kind.slug}.svg`;
      products.push({
        id: productId,
        merchantId,
        categoryId: category.id,
        name: L(`${kind.name.ru} №${n}`, `${kind.name.uz} №${n}`, `${kind.name.eng} No. ${n}`),
        description: L(
          `Фирменный рецепт номер ${n}: свежие продукты, готовим при вас, подаём горячим. Состав и вес уточняйте у оператора.`,
          `${n}-raqamli maxsus retsept: yangi mahsulotlar, sizning oldingizda tayyorlanadi va issiq holda beriladi.`,
          `House recipe number ${n}: fresh ingredients, made to order and served hot. Ask the operator for the weight.`,
        ),
        image,
        gallery: p % 10 === 0 ? [image, 'demo/tezkor/categories/burgers.svg'] : [],
        costPrice: kind.price + (p % 7) * 1000,
        discount: p % 13 === 0 ? 15 : 0,
        unit: p % 2 ? 'GRAMM' : 'COUNT',
        count: p % 17 === 0 ? 5 : null,
        calorie: 200 + (p % 9) * 40,
        measure: p % 2 ? 150 + (p % 5) * 25 : null,
        priority: p,
        labels: p % 11 === 0 ? [L('Хит', 'Xit', 'Hit')] : p % 23 === 0 ? [L('Новинка', 'Yangi', 'New')] : [],
        tags: [kind.name.eng.toLowerCase()],
        timeCookingMin: 5,
        timeCookingMax: 15,
        isCartRecommendation: p % 50 === 0,
      });
      kind.mods.forEach((key, gi) => {
        const spec = MODS[key];
        const groupId = randomUUID();
        modificationGroups.push({ id: groupId, merchantId, productId, name: spec.name, min: spec.min, max: spec.max, priority: gi });
        spec.options.forEach(([name, price], oi) =>
          modifications.push({ id: randomUUID(), merchantId, productId, groupId, name, price, priority: oi }),
        );
      });
    }
    await database.db.transaction(async (tx) => {
      await tx.insert(s.merchants).values({ id: merchantId, name: 'Bench 1000', sub: BIG.sub, color: '#1F6FEB' });
      await tx.insert(s.merchantSettings).values({ merchantId, channel: 'WEB', title: L('Bench 1000', 'Bench 1000', 'Bench 1000') });
      await tx.insert(s.cities).values({
        id: cityId,
        merchantId,
        name: L('Ташкент', 'Toshkent', 'Tashkent'),
        latitude: 41.311081,
        longitude: 69.240562,
        isMain: true,
      });
      await tx.insert(s.branches).values({
        id: branchId,
        merchantId,
        cityId,
        name: L('Центр', 'Markaz', 'Centre'),
        address: "Toshkent, Amir Temur ko'chasi, 1",
        latitude: 41.311081,
        longitude: 69.240562,
        phone: '+998712009999',
        isMain: true,
        deliveryPrice: 12000,
        settings: {
          bookingEnabled: false,
          deliveryEnabled: true,
          dineinEnabled: false,
          expressEnabled: false,
          kitchenEnabled: true,
          payOfficeEnabled: false,
          pickupEnabled: true,
          storageEnabled: false,
          yandexEnabled: false,
          directorId: null,
        },
      });
      await tx.insert(s.groups).values(groups);
      await tx.insert(s.categories).values(categories.map(({ kind: _kind, ...row }) => row));
      for (const rows of chunks(products)) await tx.insert(s.products).values(rows);
      for (const rows of chunks(modificationGroups)) await tx.insert(s.modificationGroups).values(rows);
      for (const rows of chunks(modifications)) await tx.insert(s.modifications).values(rows);
    });
    return merchantId;
  } finally {
    await database.close();
  }
}
