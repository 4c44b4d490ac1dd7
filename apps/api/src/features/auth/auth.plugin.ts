import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '@dasturxon/db';
import type { Config } from '../../config.ts';
import { createSmsSender } from '../../sms/sms.sender.ts';
import type { MerchantsRepository } from '../merchants/merchants.repository.ts';
import { usersRoutes } from '../users/users.routes.ts';
import { createUsersService } from '../users/users.service.ts';
import { registerAuthGuard } from './auth.guard.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createOtpService } from './otp.service.ts';

export interface AuthPluginOptions {
  config: Config;
  database: Database;
  merchants: MerchantsRepository;
}

/**
 * Phone login, sessions and the customer's account, with the auth guard (auth.guard.ts).
 *
 * Wrapped with fastify-plugin so the guard's hook lands in the scope it is registered in (the /api
 * scope), where every feature's routes get it, rather than in a scope of its own.
 */
const plugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { config, database, merchants }) => {
  if (!config.AUTH_SECRET && config.NODE_ENV === 'production') {
    app.log.warn('AUTH_SECRET is not set: one-time codes are hashed without a secret key');
  }
  const clock = app.clock;
  const sms = createSmsSender({
    db: database.db,
    clock,
    log: app.log,
    dataDir: config.DATA_DIR,
    eskizBaseUrl: config.ESKIZ_BASE_URL,
    playMobileBaseUrl: config.PLAY_MOBILE_BASE_URL,
  });
  const otp = createOtpService({
    db: database.db,
    clock,
    sms,
    merchants,
    log: app.log,
    secret: config.AUTH_SECRET,
    limits: {
      perPhonePerHour: config.OTP_SENDS_PER_PHONE_PER_HOUR,
      perAddressPerHour: config.OTP_SENDS_PER_ADDRESS_PER_HOUR,
      perPhoneAllPerHour: config.OTP_SENDS_PER_PHONE_ALL_PER_HOUR,
      slowSeconds: config.OTP_SLOW_SECONDS,
      budgetPerHour: config.SMS_BUDGET_PER_HOUR,
      budgetPerDay: config.SMS_BUDGET_PER_DAY,
    },
  });
  const auth = createAuthService({ db: database.db, clock, otp, sessionTtlDays: config.SESSION_TTL_DAYS });
  const users = createUsersService({ db: database.db, clock, otp });

  registerAuthGuard(app, auth);
  await app.register(authRoutes, { otp, auth });
  await app.register(usersRoutes, { users, auth });
};

export const authPlugin = fp(plugin, { name: 'dasturxon-auth', fastify: '5.x' });
