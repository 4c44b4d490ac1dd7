import type { LoginResponse, PaymentType } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** `GET /webbot/v1/setting` (docs/telegram.md): what the mini app needs; never a secret. */
export interface WebbotSetting {
  botUsername: string | null;
  miniAppLink: string | null;
  paymentTypes: PaymentType[];
  phoneRequired: boolean;
  botEnabled: boolean;
}

export const fetchWebbotSetting = (): Promise<WebbotSetting> => http<WebbotSetting>('/webbot/v1/setting');

/** `POST /webbot/v1/users/token`: a Telegram user the brand knows is logged in; else 403 TELEGRAM_PHONE_REQUIRED. */
export const telegramToken = (initData: string): Promise<LoginResponse> =>
  http<LoginResponse>('/webbot/v1/users/token', { method: 'POST', body: { initData } });

/** `POST /webbot/v1/users/login` with the contact Telegram signed (`requestContact`'s `event.response`). */
export const telegramContactLogin = (initData: string, contact: string): Promise<LoginResponse> =>
  http<LoginResponse>('/webbot/v1/users/login', { method: 'POST', body: { initData, contact } });

/** `POST /webbot/v1/users/auth` (Bearer): links the Telegram user to the signed-in customer; the answer is a mini-app session. */
export const linkTelegramUser = (initData: string): Promise<LoginResponse> =>
  http<LoginResponse>('/webbot/v1/users/auth', { method: 'POST', auth: true, body: { initData } });
