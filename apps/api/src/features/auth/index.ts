/** The auth feature's public surface: what app.ts and other features may import (the lint rule allows nothing else). */
export { createAuthFeature, type AuthFeature } from './auth.feature.ts';
export { bearerToken, customerOf, customerSessionOf, registerAuthGuard, requireSession, requireUser, type AuthMode } from './auth.guard.ts';
export { authRoutes } from './auth.routes.ts';
export { invalidCode, type OtpService } from './otp.service.ts';
export type { AuthService, Authenticated, TelegramIdentity } from './auth.service.ts';
export { toUser } from './users.service.ts';
export type { SessionRecord } from './auth.repository.ts';
export type { UserRecord } from './users.repository.ts';
export { createUsersRepository } from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
