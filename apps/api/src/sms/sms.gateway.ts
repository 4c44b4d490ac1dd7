import type { SmsGateway as SmsGatewayName } from '@dasturxon/domain';

/** One SMS to one number. */
export interface SmsMessage {
  /** E.164, `+998901234567`. */
  to: string;
  text: string;
  merchantId: string;
}

/** What every gateway does; the merchant's `smsGateway` picks which one (see sms.sender.ts). */
export interface SmsGateway {
  readonly name: SmsGatewayName;
  send(message: SmsMessage): Promise<void>;
}

/**
 * A gateway refused or could not be reached. The message is for our logs only (it may quote the
 * provider's answer); the customer gets SMS_NOT_SENT.
 */
export class SmsError extends Error {
  constructor(
    readonly gateway: SmsGatewayName,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** How long we wait for a gateway: a code nobody receives in time is worth nothing anyway. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * A provider's answer made fit for a log line: runs of four digits or more starred, since a provider may echo
 * the number or the message (and with it the code).
 */
export const redactDigits = (text: string): string => text.replace(/\d{4,}/g, (run) => '*'.repeat(run.length));

/** The first part of a provider's answer, for a log line, without numbers or codes in it. */
export async function answerSnippet(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return redactDigits(text.slice(0, 300));
}
