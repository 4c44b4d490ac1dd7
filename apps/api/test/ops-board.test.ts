import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffLoginResponse, StaffOrderList } from '@dasturxon/domain/contracts';
import { DEMO } from '@dasturxon/db/seed';
import { boardRank, type OrderStatus } from '@dasturxon/domain';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor;
/** Active orders on the board: four times the old board's 500, a quarter of them waiting to be accepted. */
const ORDERS = 2000;

/*
 * The board must never drop an order waiting for action (issue 26): with far more active orders than one page,
 * every order is reachable page by page, waiting ones first and the newest of those on the first page.
 * Its own file (its own database), so 2,000 orders weigh on no other test's board.
 */
describe.each(BACKENDS)('the board in pages on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let kitchen: string;
  /** The inserted orders, newest first: [id, status]. */
  let made: { id: string; status: OrderStatus }[];

  const api = (url: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { 'x-merchant-id': T.id, authorization: `Bearer ${token}` },
      remoteAddress: '10.26.0.1',
    });
  const login = async (phone: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/auth/login',
      headers: { 'x-merchant-id': T.id },
      remoteAddress: '10.26.0.2',
      payload: { phone, password: T.staffPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
    return StaffLoginResponse.parse(res.json()).token;
  };
  /** Every page of the board, in order. */
  const allPages = async (token: string, size: number) => {
    const pages: StaffOrderList[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(`/ops/v1/orders?size=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const page = StaffOrderList.parse(res.json());
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 100);
    return pages;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-board-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
    const customer = await signInCustomer(t, dataDir, { phone: '+998941234567', merchantId: T.id, ip: '10.26.0.3' });
    // One statement: every fourth order (from the newest) waits to be accepted, the others are in the kitchen's hands;
    // each a second older than the one before.
    const inserted: unknown = await t.database.db.execute(sql`
      insert into orders (id, merchant_id, number, user_id, branch_id, status, service_type, payment_type, order_device,
        product_count, product_price, product_discount, promo_product_discount, delivery_price, delivery_discount, service_fee,
        total_discount, total_price, created_at)
      select gen_random_uuid(), ${T.id}, 100000 + g, ${customer.id}, ${CHILONZOR},
        (array['OPEN', 'ACCEPTED', 'COOKING', 'DONE'])[1 + (g - 1) % 4], 'PICK_UP', 'CASH', 'CLIENT_WEB',
        1, 10000, 0, 0, 0, 0, 0, 0, 10000, now() - g * interval '1 second'
      from generate_series(1, ${ORDERS}) g
      returning id, status, created_at`);
    type Row = { id: string; status: OrderStatus; created_at: string | Date };
    const rows = Array.isArray(inserted) ? (inserted as Row[]) : (inserted as { rows: Row[] }).rows;
    made = [...rows]
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())
      .map((r) => ({ id: r.id, status: r.status }));
    expect(made).toHaveLength(ORDERS);
    admin = await login(T.staffPhones.admin);
    kitchen = await login(T.staffPhones.kitchen);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('puts the newest orders waiting to be accepted on the first page', async () => {
    const first = StaffOrderList.parse((await api('/ops/v1/orders', admin)).json());
    const waiting = made.filter((o) => o.status === 'OPEN');
    expect(first.content).toHaveLength(100);
    expect(first.content.map((o) => o.id)).toEqual(waiting.slice(0, 100).map((o) => o.id));
    expect(first.nextCursor).toBeTruthy();
  });

  it('reaches every order, each once, waiting ones first, newest first within each rank, for the admin and the branch kitchen', async () => {
    for (const token of [admin, kitchen]) {
      const pages = await allPages(token, 500);
      const seen = pages.flatMap((p) => p.content);
      expect(new Set(seen.map((o) => o.id)).size).toBe(seen.length);
      const ids = new Set(seen.map((o) => o.id));
      expect(made.filter((o) => !ids.has(o.id))).toEqual([]);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      // Every waiting order comes before every other, in rank order, newest first within a rank.
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        const [ra, rb] = [boardRank(a.status), boardRank(b.status)];
        expect(
          ra <= rb && (ra < rb || a.createdAt >= b.createdAt),
          `${i}: ${a.status} ${a.createdAt} then ${b.status} ${b.createdAt}`,
        ).toBe(true);
      }
    }
  });

  it('keeps its pages in place while orders arrive: a new waiting order is not on the next page, the stream brings it', async () => {
    const first = StaffOrderList.parse((await api('/ops/v1/orders?size=50', admin)).json());
    await t.database.db.execute(sql`
      insert into orders (id, merchant_id, number, user_id, branch_id, status, service_type, payment_type, order_device,
        product_count, product_price, product_discount, promo_product_discount, delivery_price, delivery_discount, service_fee,
        total_discount, total_price)
      select gen_random_uuid(), merchant_id, 999999, user_id, branch_id, 'OPEN', 'PICK_UP', 'CASH', 'CLIENT_WEB', 1, 10000, 0, 0, 0, 0, 0, 0, 10000
      from orders where id = ${made[0]!.id}`);
    const second = StaffOrderList.parse(
      (await api(`/ops/v1/orders?size=50&cursor=${encodeURIComponent(first.nextCursor!)}`, admin)).json(),
    );
    const waiting = made.filter((o) => o.status === 'OPEN');
    expect(second.content.map((o) => o.id)).toEqual(waiting.slice(50, 100).map((o) => o.id));
  });

  it('refuses a cursor it did not write, in the error format', async () => {
    const res = await api('/ops/v1/orders?cursor=bm9wZQ', admin);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
