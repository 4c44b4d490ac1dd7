import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ADVISORY_LOCK } from '../constants.ts';
import { users, grades } from '../schema/customers.ts';
import { orderGrades } from '../schema/grades.ts';
import { orderCounters, orderLines, orders } from '../schema/orders.ts';
import { products } from '../schema/catalogue.ts';
import { demoId, ids } from './ids.ts';
import { DEMO } from './demo.ts';

const T = DEMO.tezkor;
const SUB = T.sub;
const DAY = 24 * 60 * 60 * 1000;

/** Six demo customers of Tezkor (numbers no one receives) who graded what they picked up. */
const CUSTOMERS = [
  { key: 'dilnoza', firstName: 'Dilnoza', phone: '+998900000101' },
  { key: 'aleksandr', firstName: 'Александр', phone: '+998900000102' },
  { key: 'jahongir', firstName: 'Jahongir', phone: '+998900000103' },
  { key: 'marina', firstName: 'Марина', phone: '+998900000104' },
  { key: 'otabek', firstName: 'Otabek', phone: '+998900000105' },
  { key: 'svetlana', firstName: 'Светлана', phone: '+998900000106' },
] as const;
type CustomerKey = (typeof CUSTOMERS)[number]['key'];

interface GradedOrder {
  key: string;
  customer: CustomerKey;
  daysAgo: number;
  branch: 'chilonzor' | 'yunusobod';
  grade: number;
  comment: string | null;
  lines: { product: keyof typeof T.products; count: number; grade: number }[];
}

/** Believable grades and comments in Russian and Uzbek, on the cheeseburger, fries, cola and cappuccino. */
const GRADED: GradedOrder[] = [
  {
    key: 'g1',
    customer: 'dilnoza',
    daysAgo: 12,
    branch: 'chilonzor',
    grade: 5,
    comment: 'Chizburger juda mazali, kartoshka issiq edi. Rahmat!',
    lines: [
      { product: 'cheeseburger', count: 1, grade: 5 },
      { product: 'fries', count: 1, grade: 5 },
    ],
  },
  {
    key: 'g2',
    customer: 'aleksandr',
    daysAgo: 10,
    branch: 'chilonzor',
    grade: 4,
    comment: 'Чизбургер отличный, но пришлось подождать минут десять.',
    lines: [
      { product: 'cheeseburger', count: 2, grade: 5 },
      { product: 'cola', count: 2, grade: 4 },
    ],
  },
  {
    key: 'g3',
    customer: 'jahongir',
    daysAgo: 8,
    branch: 'yunusobod',
    grade: 4,
    comment: "Kapuchino yaxshi, ammo biroz sovuq bo'lib qoldi.",
    lines: [
      { product: 'cappuccino', count: 1, grade: 3 },
      { product: 'cheeseburger', count: 1, grade: 4 },
    ],
  },
  {
    key: 'g4',
    customer: 'marina',
    daysAgo: 6,
    branch: 'chilonzor',
    grade: 5,
    comment: 'Картошка фри хрустящая, как надо. Буду заказывать ещё.',
    lines: [
      { product: 'fries', count: 2, grade: 5 },
      { product: 'cola', count: 1, grade: 5 },
    ],
  },
  {
    key: 'g5',
    customer: 'otabek',
    daysAgo: 4,
    branch: 'yunusobod',
    grade: 3,
    comment: null,
    lines: [
      { product: 'cheeseburger', count: 1, grade: 3 },
      { product: 'fries', count: 1, grade: 4 },
    ],
  },
  {
    key: 'g6',
    customer: 'svetlana',
    daysAgo: 3,
    branch: 'chilonzor',
    grade: 5,
    comment: 'Капучино ароматный, пенка плотная. Спасибо бариста!',
    lines: [{ product: 'cappuccino', count: 2, grade: 5 }],
  },
  {
    key: 'g7',
    customer: 'dilnoza',
    daysAgo: 2,
    branch: 'chilonzor',
    grade: 4,
    comment: 'Kola sovuq, burger ham yaxshi. Qadoqlash chiroyli.',
    lines: [
      { product: 'cola', count: 1, grade: 4 },
      { product: 'cheeseburger', count: 1, grade: 4 },
    ],
  },
  {
    key: 'g8',
    customer: 'aleksandr',
    daysAgo: 1,
    branch: 'yunusobod',
    grade: 5,
    comment: 'Всё горячее и вкусное, кофе тоже на уровне.',
    lines: [
      { product: 'cappuccino', count: 1, grade: 4 },
      { product: 'fries', count: 1, grade: 5 },
    ],
  },
];

const customerId = (key: string) => demoId(`${SUB}/customer/${key}`);
const orderId = (key: string) => demoId(`${SUB}/graded-order/${key}`);

/**
 * The demo's grades (issue 31): real picked-up (CLOSED) orders of Tezkor's demo customers, each graded with its
 * products and mostly a comment, and the customers' product grades (`grades`, the latest per customer and product) as
 * the grades feature writes them. Written once: a later run finds the orders and changes nothing. Order numbers are
 * taken from the brand's counter like any order's. Run by the server's demo seed, not the tests' template.
 */
export async function seedDemoGrades(db: Db, options: { now: Date }): Promise<void> {
  const merchantId = T.id;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK.SEED})`);
    const done = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.merchantId, merchantId),
          inArray(
            orders.id,
            GRADED.map((g) => orderId(g.key)),
          ),
        ),
      );
    if (done.length > 0) return;
    await tx
      .insert(users)
      .values(CUSTOMERS.map((c) => ({ id: customerId(c.key), merchantId, phone: c.phone, firstName: c.firstName })))
      .onConflictDoNothing();
    const productIds = [...new Set(GRADED.flatMap((g) => g.lines.map((l) => T.products[l.product])))];
    const catalogue = new Map(
      (
        await tx
          .select({ id: products.id, name: products.name, price: products.costPrice, image: products.image })
          .from(products)
          .where(and(eq(products.merchantId, merchantId), inArray(products.id, productIds)))
      ).map((p) => [p.id, p]),
    );
    await tx.insert(orderCounters).values({ merchantId, lastNumber: 0 }).onConflictDoNothing();
    const [counter] = await tx
      .update(orderCounters)
      .set({ lastNumber: sql`${orderCounters.lastNumber} + ${GRADED.length}` })
      .where(eq(orderCounters.merchantId, merchantId))
      .returning({ lastNumber: orderCounters.lastNumber });
    const first = counter!.lastNumber - GRADED.length + 1;
    const latest = new Map<string, { productId: string; userId: string; grade: number; at: Date }>();
    for (const [i, g] of GRADED.entries()) {
      const id = orderId(g.key);
      const userId = customerId(g.customer);
      const placed = new Date(options.now.getTime() - g.daysAgo * DAY - 3 * 60 * 60 * 1000);
      const delivered = new Date(placed.getTime() + 25 * 60 * 1000);
      const graded = new Date(delivered.getTime() + 90 * 60 * 1000);
      const lines = g.lines.map((l, position) => {
        const p = catalogue.get(T.products[l.product])!;
        const gross = p.price * l.count;
        return {
          merchantId,
          orderId: id,
          position,
          productId: p.id,
          name: p.name,
          image: p.image ?? '',
          count: l.count,
          unitPrice: p.price,
          gross,
          discount: 0,
          net: gross,
        };
      });
      const total = lines.reduce((sum, l) => sum + l.net, 0);
      await tx.insert(orders).values({
        id,
        merchantId,
        number: first + i,
        userId,
        branchId: ids.branch(SUB, g.branch),
        status: 'CLOSED',
        serviceType: 'PICK_UP',
        paymentType: 'CASH',
        orderDevice: 'CLIENT_WEB',
        isPaid: true,
        productCount: lines.reduce((n, l) => n + l.count, 0),
        productPrice: total,
        productDiscount: 0,
        promoProductDiscount: 0,
        deliveryPrice: 0,
        deliveryDiscount: 0,
        serviceFee: 0,
        totalDiscount: 0,
        totalPrice: total,
        acceptedAt: new Date(placed.getTime() + 2 * 60 * 1000),
        readyAt: new Date(placed.getTime() + 15 * 60 * 1000),
        deliveredAt: delivered,
        createdAt: placed,
        updatedAt: delivered,
      });
      await tx.insert(orderLines).values(lines);
      const productGrades = g.lines.map((l) => ({ productId: T.products[l.product], grade: l.grade }));
      await tx.insert(orderGrades).values({
        merchantId,
        orderId: id,
        userId,
        branchId: ids.branch(SUB, g.branch),
        grade: g.grade,
        comment: g.comment,
        products: productGrades,
        createdAt: graded,
        updatedAt: graded,
      });
      for (const p of productGrades) latest.set(`${userId}/${p.productId}`, { ...p, userId, at: graded });
    }
    for (const l of latest.values())
      await tx
        .insert(grades)
        .values({ merchantId, productId: l.productId, userId: l.userId, grade: l.grade, createdAt: l.at })
        .onConflictDoUpdate({ target: [grades.merchantId, grades.productId, grades.userId], set: { grade: l.grade, createdAt: l.at } });
  });
}
