import { randomBytes } from 'node:crypto';
import { phoneDigits } from '@dasturxon/domain';
import { z } from 'zod';
import { answerSnippet, SMS_TIMEOUT_MS, SmsError, type SmsGateway } from './sms.gateway.ts';

/** `merchant_secrets.sms_credentials.PLAY_MOBILE`. */
export const PlayMobileCredentials = z.object({
  login: z.string().min(1),
  password: z.string().min(1),
  /** The sender name agreed with Play Mobile. */
  originator: z.string().min(1).default('3700'),
});
export type PlayMobileCredentials = z.infer<typeof PlayMobileCredentials>;

export const PLAY_MOBILE_SEND_PATH = '/broker-api/send';

/**
 * Play Mobile (smsxabar.uz, docs/protocols.md 5.2): one JSON request per message with HTTP Basic
 * credentials; 200 means accepted. The message id is ours and only has to be unique, so a random
 * one in the shape of the documented example (12 characters) is used.
 */
export function playMobileGateway(options: { baseUrl: string; credentials: PlayMobileCredentials; fetch?: typeof fetch }): SmsGateway {
  const url = `${options.baseUrl.replace(/\/+$/, '')}${PLAY_MOBILE_SEND_PATH}`;
  const doFetch = options.fetch ?? fetch;
  const basic = Buffer.from(`${options.credentials.login}:${options.credentials.password}`, 'utf8').toString('base64');
  return {
    name: 'PLAY_MOBILE',
    async send(message) {
      const body = {
        messages: [
          {
            recipient: phoneDigits(message.to),
            'message-id': randomBytes(6).toString('hex'),
            sms: { originator: options.credentials.originator, content: { text: message.text } },
          },
        ],
      };
      const response = await doFetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      if (response.status !== 200) {
        throw new SmsError('PLAY_MOBILE', `Play Mobile answered ${response.status}: ${await answerSnippet(response)}`, response.status);
      }
      await response.body?.cancel();
    },
  };
}
