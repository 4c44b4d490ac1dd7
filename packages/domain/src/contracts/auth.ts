import { z } from 'zod';
import { Gender } from './enums.ts';
import { PHONE_MAX_INPUT_LENGTH } from '../phone.ts';
import { OTP_CODE_LENGTH } from '../account.ts';

/*
 * Phone login with SMS codes, sessions and the customer's profile (issue 5).
 * A login: `POST /users/v1/auth/otp {phone}` sends a code, `POST /users/v1/auth/otp/verify
 * {phone, code}` answers `{token, user}`; later calls send `Authorization: Bearer <token>`.
 */

/** A phone as the customer typed it; the server normalizes it to E.164 or answers 400 PHONE_INVALID. */
export const PhoneInput = z
  .string()
  .trim()
  .min(1)
  .max(PHONE_MAX_INPUT_LENGTH)
  .describe("Any common spelling: '+998 90 123 45 67', '998901234567', '901234567' (Uzbek local), '+7 701 123 45 67', '+90 532 123 45 67'");

/** The code from the SMS. Anything that is not the code, including a malformed one, is OTP_INVALID. */
export const OtpCodeInput = z.string().trim().min(1).max(16).describe(`The ${OTP_CODE_LENGTH}-digit code from the SMS`);

/** A customer of one merchant (docs/spec-index.md section 3, User). */
export const User = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  /** E.164; null once the account is deleted. */
  phone: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  birthday: z.string().nullable(),
  image: z.string().nullable(),
  gender: Gender.nullable(),
  role: z.string(),
  cashback: z.number().int(),
  isActive: z.boolean(),
  /** The storefront asks the name after the login, once: true while the account has no name and the step was never answered or skipped. */
  askName: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

/**
 * A solved challenge (428 CHALLENGE_REQUIRED): the challenge as the server gave it and a counter such that
 * SHA-256(`challenge:counter`) starts with the difficulty's zero bits (proof-of-work.ts).
 */
export const ProofOfWork = z.strictObject({
  challenge: z.string().min(1).max(400),
  counter: z
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
});
export type ProofOfWork = z.infer<typeof ProofOfWork>;

export const SendOtpRequest = z.strictObject({ phone: PhoneInput, proof: ProofOfWork.optional() });
export type SendOtpRequest = z.infer<typeof SendOtpRequest>;

/** The answer to a code request: the same whether the phone belongs to a customer or not. */
export const SendOtpResponse = z.object({
  /** The number the code went to, in E.164. */
  phone: z.string(),
  codeLength: z.number().int(),
  /** Seconds before another code can be asked for (the resend countdown). */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code can be entered. */
  expiresInSeconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof SendOtpResponse>;

export const VerifyOtpRequest = z.strictObject({ phone: PhoneInput, code: OtpCodeInput });
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequest>;

export const LoginResponse = z.object({
  /** Opaque; send it as `Authorization: Bearer <token>`. Valid for this merchant only. */
  token: z.string(),
  user: User,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** An empty string clears a field, as a cleared form input sends it. */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([schema, z.literal(''), z.null()])
    .transform((v) => (v === '' || v === null ? null : v))
    .optional();

const NameInput = z.string().trim().max(100);

/** `PUT /users/v1/users/{id}`: only the fields sent change. The phone changes through a code, never here. */
export const UpdateUserRequest = z.strictObject({
  firstName: NameInput.optional(),
  lastName: NameInput.optional(),
  email: clearable(z.email().max(254)),
  birthday: clearable(z.iso.date().describe('YYYY-MM-DD')),
  gender: Gender.nullable().optional(),
  /** The customer skipped the name step after the login: it is not asked again (sending a name ends it too). */
  skipName: z.literal(true).optional(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const UserIdParams = z.object({ id: z.uuid() });

export const ChangePhoneRequest = z.strictObject({
  phone: PhoneInput,
  /** The code's purpose; the only one a signed-in customer asks for here is CHANGE_PHONE. */
  type: z.literal('CHANGE_PHONE').optional(),
});
export type ChangePhoneRequest = z.infer<typeof ChangePhoneRequest>;

export const VerifyPhoneRequest = z.strictObject({ phone: PhoneInput, code: OtpCodeInput });
export type VerifyPhoneRequest = z.infer<typeof VerifyPhoneRequest>;

/** `GET /users/v1/users/me/cashback`: the cashback card. Amounts in sums. */
export const CashbackSummary = z.object({
  /** What can be spent now. */
  balance: z.number().int(),
  /** What the customer's active orders earn, credited when each is completed. */
  pending: z.number().int(),
  /** Active orders that earn it. */
  pendingOrders: z.number().int(),
  /** Percent of what an order costs that comes back (the brand's rule). */
  percent: z.number().int(),
});
export type CashbackSummary = z.infer<typeof CashbackSummary>;

/** `GET /users/v1/users/me/deletion`: what deleting the account would meet; `refused` while a courier has an order. */
export const AccountDeletionCheck = z.object({
  activeOrders: z.number().int(),
  refused: z.boolean(),
});
export type AccountDeletionCheck = z.infer<typeof AccountDeletionCheck>;
