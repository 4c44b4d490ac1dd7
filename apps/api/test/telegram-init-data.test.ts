import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '@dasturxon/domain';
import { checkContact, checkInitData, checkSigned, requireTelegramUser, type BotKey } from '../src/features/telegram/init-data.ts';

/* docs/protocols.md 4.1 and 4.2: the published vectors, their negative cases, and data the tests sign with the demo token. */

const VECTOR_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const DEMO_TOKEN = '7000000001:AAEtezkorDemoBotTokenLocalTestsOnly';
const V1 =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
const V2 =
  'auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D';
const V3 =
  'user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6';

const NOW = new Date('2026-11-28T12:00:00Z');
const NO_AGE = { now: NOW, maxAgeSeconds: 0 };
const DAY = { now: NOW, maxAgeSeconds: 86_400 };

async function refusal(run: Promise<unknown>): Promise<{ code: ErrorCode; status: number }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, status: error.status };
    throw error;
  }
  throw new Error('the data was accepted');
}

describe('initData, first party (HMAC, protocols.md 4.1)', () => {
  const key: BotKey = { token: VECTOR_TOKEN };

  it('vector 1 is valid with the age check off and names its user', async () => {
    const data = await checkInitData(V1, key, NO_AGE);
    expect(data.user).toEqual({ id: '279058397', firstName: 'Vladislav', lastName: 'Kibenko', username: 'vdkfrost', languageCode: 'ru' });
    expect(data.authDate.toISOString()).toBe('2022-09-10T01:00:48.000Z');
  });

  it('vector 1 is expired under a day of age, and forged under another token', async () => {
    expect(await refusal(checkInitData(V1, key, DAY))).toEqual({ code: 'TELEGRAM_INIT_DATA_EXPIRED', status: 401 });
    expect((await refusal(checkInitData(V1, { token: `${VECTOR_TOKEN}A` }, NO_AGE))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
  });

  it('vector 2 is valid with the age check off; its negative cases each answer their own code', async () => {
    expect((await checkInitData(V2, key, NO_AGE)).user?.id).toBe('222');
    expect((await refusal(checkInitData(V2, { token: `${VECTOR_TOKEN}A` }, NO_AGE))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
    expect((await refusal(checkInitData(V2, key, { now: NOW, maxAgeSeconds: 1 }))).code).toBe('TELEGRAM_INIT_DATA_EXPIRED');
    expect((await refusal(checkInitData(V2.replace('auth_date=1&', 'auth_date=AAA&'), key, NO_AGE))).code).toBe('TELEGRAM_FIELD_MALFORMED');
    expect((await refusal(checkInitData(V2.replace(/hash=[0-9a-f]+&/, ''), key, NO_AGE))).code).toBe('TELEGRAM_HASH_MISSING');
  });

  it('a changed field is forged, and forged old data is called forged rather than old', async () => {
    const changed = V2.replace('%22id%22%3A222', '%22id%22%3A223');
    expect((await refusal(checkInitData(changed, key, NO_AGE))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
    expect((await refusal(checkInitData(changed, key, DAY))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
  });

  it('10 characters or fewer, or nothing, is missing (spec section 5)', async () => {
    for (const raw of [undefined, null, '', 'auth_date', 'hash=abcde', ' hash=abcde  ']) {
      expect((await refusal(checkInitData(raw, key, NO_AGE))).code).toBe('TELEGRAM_INIT_DATA_MISSING');
    }
    expect((await refusal(checkInitData('hash=abcdefg', key, NO_AGE))).code).toBe('TELEGRAM_FIELD_MALFORMED');
  });
});

describe('initData, third party (Ed25519, protocols.md 4.2)', () => {
  it('vector 3 verifies with its bot id and Telegram production key, and not with the next bot id', async () => {
    const data = await checkInitData(V3, { botId: 7342037359 }, NO_AGE);
    expect(data.user?.id).toBe('279058397');
    expect(data.user?.firstName).toBe('Vladislav + - ? /');
    expect((await refusal(checkInitData(V3, { botId: 7342037360 }, NO_AGE))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
    expect((await refusal(checkInitData(V3, { botId: 7342037359, testEnvironment: true }, NO_AGE))).code).toBe(
      'TELEGRAM_SIGNATURE_INVALID',
    );
    expect((await refusal(checkInitData(V3, { botId: 7342037359 }, DAY))).code).toBe('TELEGRAM_INIT_DATA_EXPIRED');
    expect((await refusal(checkInitData(V3.replace(/&signature=[^&]+/, ''), { botId: 7342037359 }, NO_AGE))).code).toBe(
      'TELEGRAM_HASH_MISSING',
    );
  });
});

describe('initData the tests sign with the demo bot token', () => {
  const key: BotKey = { token: DEMO_TOKEN };
  const fresh = (data: Parameters<typeof sign>[0], token = DEMO_TOKEN, at = new Date(NOW.getTime() - 60_000)) => sign(data, token, at);

  it('is valid within the age and names its user; an hour past a day it is expired', async () => {
    const data = await checkInitData(fresh({ user: { id: 4242, first_name: 'Aziz', language_code: 'uz' }, query_id: 'q' }), key, DAY);
    expect(requireTelegramUser(data)).toMatchObject({ id: '4242', firstName: 'Aziz', languageCode: 'uz' });
    const old = fresh({ user: { id: 4242, first_name: 'Aziz' } }, DEMO_TOKEN, new Date(NOW.getTime() - 25 * 3600_000));
    expect((await refusal(checkInitData(old, key, DAY))).code).toBe('TELEGRAM_INIT_DATA_EXPIRED');
  });

  it("another brand's bot token is told apart from a forgery when this server holds it", async () => {
    const other = '7000000002:AAEanotherBrandsBotTokenForTestsOnly';
    const signedByOther = fresh({ user: { id: 4242, first_name: 'Aziz' } }, other);
    expect((await refusal(checkInitData(signedByOther, key, { ...DAY, otherTokens: async () => [DEMO_TOKEN, other] }))).code).toBe(
      'TELEGRAM_OTHER_BOT',
    );
    expect((await refusal(checkInitData(signedByOther, key, DAY))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
  });

  it('valid data without a user answers TELEGRAM_USER_MISSING; a user that is not JSON is malformed', async () => {
    const data = await checkInitData(fresh({ query_id: 'q', chat_type: 'private' }), key, DAY);
    expect(() => requireTelegramUser(data)).toThrow(expect.objectContaining({ code: 'TELEGRAM_USER_MISSING', status: 401 }));
    const broken = new URLSearchParams(fresh({ query_id: 'q' }));
    broken.set('user', '{"id":');
    // Changed after signing: the signature fails first.
    expect((await refusal(checkInitData(broken.toString(), key, DAY))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
    const signedBroken = sign({ query_id: 'q', user: '{"id":' } as never, DEMO_TOKEN, new Date(NOW.getTime() - 1000));
    expect((await refusal(checkInitData(signedBroken, key, DAY))).code).toBe('TELEGRAM_FIELD_MALFORMED');
  });

  it("a shared contact counts when Telegram signed it and it is the initData user's own", async () => {
    const contact = fresh({
      contact: JSON.stringify({ user_id: 4242, phone_number: '998901112233', first_name: 'Aziz', last_name: 'K' }),
    } as never);
    expect(await checkContact(contact, key, '4242', DAY)).toEqual({
      userId: '4242',
      phone: '998901112233',
      firstName: 'Aziz',
      lastName: 'K',
    });
    expect((await refusal(checkContact(contact, key, '4243', DAY))).code).toBe('TELEGRAM_CONTACT_MISMATCH');
    const forged = contact.replace('998901112233', '998909999999');
    expect((await refusal(checkContact(forged, key, '4242', DAY))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
    expect((await refusal(checkSigned(contact, { token: `${DEMO_TOKEN}x` }, DAY))).code).toBe('TELEGRAM_SIGNATURE_INVALID');
  });
});
