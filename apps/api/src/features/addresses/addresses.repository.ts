import { and, desc, eq } from 'drizzle-orm';
import { addresses, cities, users, type Db } from '@dasturxon/db';

export type AddressRecord = typeof addresses.$inferSelect;

/** What the customer sets on an address: everything but the keys and the dates. */
export type AddressFields = Pick<
  AddressRecord,
  'type' | 'name' | 'streetName' | 'houseNumber' | 'details' | 'description' | 'latitude' | 'longitude' | 'cityId' | 'comment'
>;

/**
 * Saved addresses. Every query names the merchant and the customer: a customer reaches only their own
 * addresses at this brand. Takes a database or a transaction.
 */
export function createAddressesRepository(db: Db) {
  const mine = (merchantId: string, userId: string, id: string) =>
    and(eq(addresses.merchantId, merchantId), eq(addresses.userId, userId), eq(addresses.id, id));
  return {
    /** The customer's addresses, newest first. */
    async listOfUser(merchantId: string, userId: string): Promise<AddressRecord[]> {
      return db
        .select()
        .from(addresses)
        .where(and(eq(addresses.merchantId, merchantId), eq(addresses.userId, userId)))
        .orderBy(desc(addresses.createdAt), desc(addresses.id));
    },
    /**
     * Holds the customer's row until the transaction ends, so two saves of one customer run one after the other
     * (the same address sent twice at once is still kept once, and the limit holds). False when there is no such customer.
     */
    async lockUser(merchantId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), eq(users.id, userId)))
        .for('update');
      return rows.length > 0;
    },
    async cityExists(merchantId: string, cityId: string): Promise<boolean> {
      const rows = await db
        .select({ id: cities.id })
        .from(cities)
        .where(and(eq(cities.merchantId, merchantId), eq(cities.id, cityId)))
        .limit(1);
      return rows.length > 0;
    },
    async insert(merchantId: string, userId: string, fields: AddressFields, now: Date): Promise<AddressRecord> {
      const [row] = await db
        .insert(addresses)
        .values({ ...fields, merchantId, userId, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('an inserted address came back empty');
      return row;
    },
    /** Replaces the fields of the customer's address; null when they have none with this id. */
    async update(merchantId: string, userId: string, id: string, fields: AddressFields, now: Date): Promise<AddressRecord | null> {
      const [row] = await db
        .update(addresses)
        .set({ ...fields, updatedAt: now })
        .where(mine(merchantId, userId, id))
        .returning();
      return row ?? null;
    },
    /** Deletes the customer's address; false when they have none with this id. */
    async delete(merchantId: string, userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(addresses)
        .where(mine(merchantId, userId, id))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
