import { PG_ERROR, pgErrorCode, type Db } from '@dasturxon/db';
import { AppError, isSameAddress, MAX_SAVED_ADDRESSES, type Address, type AddressRequest } from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { createAddressesRepository, type AddressFields, type AddressRecord } from './addresses.repository.ts';

/** A saved address as the API shows it (docs/spec-index.md section 3, Address). */
export function toAddress(row: AddressRecord): Address {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    name: row.name,
    streetName: row.streetName,
    houseNumber: row.houseNumber,
    details: row.details,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    cityId: row.cityId,
    comment: row.comment,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

const fieldsOf = (body: AddressRequest): AddressFields => ({
  type: body.type,
  name: body.name,
  streetName: body.streetName,
  houseNumber: body.houseNumber,
  details: body.details,
  description: body.description,
  latitude: body.latitude,
  longitude: body.longitude,
  cityId: body.cityId,
  comment: body.comment,
});

/** The signed-in customer a call is made for: their merchant and their id. */
export interface Customer {
  merchantId: string;
  id: string;
}

export interface AddressesServiceDeps {
  db: Db;
  clock: Clock;
}

/**
 * The signed-in customer's saved addresses. A customer sees and changes only their own: another customer's
 * id, or an address that is not theirs, answers 404 NOT_FOUND exactly as a missing one does.
 */
export function createAddressesService({ db, clock }: AddressesServiceDeps) {
  const own = (customer: Customer, userId: string) => {
    if (userId !== customer.id) throw new AppError('NOT_FOUND');
  };

  /** A city must be one of the merchant's; another brand's answers as a missing one does. */
  async function checkCity(repo: ReturnType<typeof createAddressesRepository>, merchantId: string, cityId: string | null) {
    if (cityId !== null && !(await repo.cityExists(merchantId, cityId))) throw new AppError('CITY_NOT_FOUND');
  }

  /** A city taken away between our look and our write trips the foreign key: the same answer. */
  async function writing<T>(cityId: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (cityId !== null && pgErrorCode(error) === PG_ERROR.FOREIGN_KEY_VIOLATION) throw new AppError('CITY_NOT_FOUND');
      throw error;
    }
  }

  return {
    /** The customer's addresses, newest first. */
    async list(customer: Customer, userId: string): Promise<Address[]> {
      own(customer, userId);
      return (await createAddressesRepository(db).listOfUser(customer.merchantId, customer.id)).map(toAddress);
    },

    /**
     * Saves an address. When the customer already keeps the same door (`isSameAddress`: the same place, house,
     * office, entrance and floor), that one takes the new fields and is answered with `created: false`, so an
     * address sent twice (a guest's, pushed after login) is kept once. A new one beyond MAX_SAVED_ADDRESSES
     * answers 409 ADDRESS_LIMIT.
     */
    async create(customer: Customer, userId: string, body: AddressRequest): Promise<{ address: Address; created: boolean }> {
      own(customer, userId);
      const { merchantId, id: me } = customer;
      const fields = fieldsOf(body);
      const outcome = await writing(fields.cityId, () =>
        db.transaction(async (tx) => {
          const repo = createAddressesRepository(tx);
          if (!(await repo.lockUser(merchantId, me))) throw new AppError('UNAUTHORIZED');
          await checkCity(repo, merchantId, fields.cityId);
          const now = clock.now();
          const kept = await repo.listOfUser(merchantId, me);
          const same = kept.find((a) => isSameAddress(a, fields));
          if (same) {
            const updated = await repo.update(merchantId, me, same.id, fields, now);
            if (!updated) throw new Error('a locked customer’s address vanished');
            return { row: updated, created: false };
          }
          if (kept.length >= MAX_SAVED_ADDRESSES) throw new AppError('ADDRESS_LIMIT', { max: MAX_SAVED_ADDRESSES });
          return { row: await repo.insert(merchantId, me, fields, now), created: true };
        }),
      );
      return { address: toAddress(outcome.row), created: outcome.created };
    },

    /** Replaces the fields of one of the customer's addresses. */
    async update(customer: Customer, id: string, body: AddressRequest): Promise<Address> {
      const repo = createAddressesRepository(db);
      const fields = fieldsOf(body);
      await checkCity(repo, customer.merchantId, fields.cityId);
      const row = await writing(fields.cityId, () => repo.update(customer.merchantId, customer.id, id, fields, clock.now()));
      if (!row) throw new AppError('NOT_FOUND');
      return toAddress(row);
    },

    async remove(customer: Customer, id: string): Promise<void> {
      if (!(await createAddressesRepository(db).delete(customer.merchantId, customer.id, id))) throw new AppError('NOT_FOUND');
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
