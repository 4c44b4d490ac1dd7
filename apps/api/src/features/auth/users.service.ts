import { isUniqueViolation, type Db } from '@dasturxon/db';
import {
  accountDeletion,
  AppError,
  asksName,
  isPlausibleBirthday,
  pendingCashback,
  type AccountDeletionCheck,
  type CashbackSummary,
  type SendOtpResponse,
  type UpdateUserRequest,
  type User,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { announceSessionsEnded } from '../live/index.ts';
import { createAuthRepository } from './auth.repository.ts';
import { invalidCode, requirePhone, type OtpService } from './otp.service.ts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import { createUsersRepository, type UserPatch, type UserRecord } from './users.repository.ts';
import { readSettings } from '../merchants/index.ts';

/**
 * The customer as the API shows them (docs/spec-index.md section 3, User). `telegram`: the Telegram profile's name of a
 * mini app login, so a name copied from it is still asked (`asksName`).
 */
export function toUser(u: UserRecord, telegram?: { firstName: string; lastName?: string | undefined }): User {
  return {
    id: u.id,
    merchantId: u.merchantId,
    phone: u.phone,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    birthday: u.birthday,
    image: u.image,
    gender: u.gender,
    role: u.role,
    cashback: u.cashback,
    isActive: u.isActive,
    askName: asksName(u, telegram),
  };
}

const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', { fields: [{ field, message }] });

export interface UsersServiceDeps {
  db: Db;
  clock: Clock;
  otp: OtpService;
}

/** The signed-in customer's own account: profile, phone change, deletion. */
export function createUsersService({ db, clock, otp }: UsersServiceDeps) {
  return {
    /** Changes the fields sent; a customer edits only their own profile (403 otherwise). */
    async update(merchant: MerchantRecord, me: UserRecord, id: string, body: UpdateUserRequest): Promise<User> {
      if (id !== me.id) throw new AppError('FORBIDDEN');
      const today = clock.now().toISOString().slice(0, 10);
      if (body.birthday && !isPlausibleBirthday(body.birthday, today)) {
        throw fieldError('body.birthday', `A birthday lies between 1900-01-01 and ${today}`);
      }
      const patch: UserPatch = {};
      if (body.firstName !== undefined) patch.firstName = body.firstName;
      if (body.lastName !== undefined) patch.lastName = body.lastName;
      if (body.email !== undefined) patch.email = body.email === null ? null : body.email.toLowerCase();
      if (body.birthday !== undefined) patch.birthday = body.birthday;
      if (body.gender !== undefined) patch.gender = body.gender;
      // The name step is over once answered or skipped: it is never asked again.
      if (me.nameAskedAt === null && (body.skipName || body.firstName || body.lastName)) patch.nameAskedAt = clock.now();
      const updated = await createUsersRepository(db).update(merchant.id, me.id, patch);
      if (!updated) throw new AppError('UNAUTHORIZED');
      return toUser(updated);
    },

    /**
     * Sends a code to the new number. Whether another customer has that number is told only after
     * the code proves the caller holds it, so this call cannot be used to find out who is a customer.
     */
    async requestPhoneChange(merchant: MerchantRecord, me: UserRecord, phoneInput: string, clientIp: string): Promise<SendOtpResponse> {
      const phone = await otp.acceptedPhone(merchant, phoneInput);
      if (phone === me.phone) throw fieldError('body.phone', 'This is already your phone number');
      return otp.send({ merchant, phone, purpose: 'CHANGE_PHONE', subject: me.id, clientIp });
    },

    /** Moves the account to the new number once its code is right; 409 PHONE_TAKEN when another customer of the merchant has it. */
    async verifyPhoneChange(merchant: MerchantRecord, me: UserRecord, phoneInput: string, code: string, clientIp: string): Promise<User> {
      const phone = requirePhone(phoneInput);
      let outcome;
      try {
        outcome = await db.transaction(async (tx) => {
          const check = await otp.check(tx, { merchantId: merchant.id, phone, purpose: 'CHANGE_PHONE', subject: me.id, code, clientIp });
          if (!check.ok) return { ok: false as const, error: invalidCode(check) };
          const users = createUsersRepository(tx);
          const holder = await users.findByPhone(merchant.id, phone);
          if (holder && holder.id !== me.id) return { ok: false as const, error: new AppError('PHONE_TAKEN') };
          const updated = await users.update(merchant.id, me.id, { phone });
          if (!updated) return { ok: false as const, error: new AppError('UNAUTHORIZED') };
          return { ok: true as const, user: updated };
        });
      } catch (error) {
        // Another customer took the number between our look and our write.
        if (isUniqueViolation(error)) throw new AppError('PHONE_TAKEN');
        throw error;
      }
      if (!outcome.ok) throw outcome.error;
      return toUser(outcome.user);
    },

    /** The cashback card: the balance, what active orders will add, and the brand's percent. */
    async cashback(merchant: MerchantRecord, me: UserRecord): Promise<CashbackSummary> {
      // The card is the customer's balance: shown only where the brand's balanceActive says so (docs/storefront-features.md).
      if (!(await readSettings(db, merchant.id)).balanceActive) throw new AppError('FEATURE_OFF');
      const repo = createUsersRepository(db);
      const [active, percent] = await Promise.all([repo.activeOrders(merchant.id, me.id), repo.cashbackPercent(merchant.id)]);
      const earning = active.filter((o) => o.cashbackEarned > 0);
      return { balance: me.cashback, pending: pendingCashback(active), pendingOrders: earning.length, percent };
    },

    /** What deleting the account would meet: the warning's count of active orders, and whether it is refused now. */
    async deletionCheck(merchant: MerchantRecord, me: UserRecord): Promise<AccountDeletionCheck> {
      const active = await createUsersRepository(db).activeOrders(merchant.id, me.id);
      return accountDeletion(active.map((o) => o.status));
    },

    /**
     * Deletes the account: what identifies the customer is erased, every session ends, and codes
     * sent to the number go. The row stays, anonymous, so the merchant's orders keep a customer id.
     * Refused (409 ACCOUNT_ORDER_ON_WAY) while a courier has one of the customer's orders.
     */
    async deleteAccount(merchant: MerchantRecord, me: UserRecord): Promise<void> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const active = await createUsersRepository(tx).activeOrders(merchant.id, me.id, true);
        if (accountDeletion(active.map((o) => o.status)).refused) throw new AppError('ACCOUNT_ORDER_ON_WAY');
        const auth = createAuthRepository(tx);
        if (me.phone) await auth.deleteCodesOfPhone(merchant.id, me.phone);
        await createUsersRepository(tx).erase(merchant.id, me.id, now);
        await auth.revokeSessionsOfUser(merchant.id, me.id, now);
      });
      await announceSessionsEnded(db, merchant.id);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
