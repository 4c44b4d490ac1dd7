import { describe, expect, it } from 'vitest';
import { hasTelegramInitData, isClickLaunch, languageOfInitData } from './telegram.ts';

const initDataWith = (user: object | null) =>
  new URLSearchParams({ auth_date: '1700000000', ...(user ? { user: JSON.stringify(user) } : {}), hash: 'ab' }).toString();

describe('the Telegram user language as the first guess', () => {
  it('takes uz, ru and en(g) from language_code, in any region', () => {
    expect(languageOfInitData(initDataWith({ id: 1, language_code: 'uz' }))).toBe('uz');
    expect(languageOfInitData(initDataWith({ id: 1, language_code: 'ru-RU' }))).toBe('ru');
    expect(languageOfInitData(initDataWith({ id: 1, language_code: 'en' }))).toBe('eng');
  });

  it('has no guess for the other languages (Telegram mode speaks only uz, ru, eng), no user or damaged data', () => {
    expect(languageOfInitData(initDataWith({ id: 1, language_code: 'tr' }))).toBeNull();
    expect(languageOfInitData(initDataWith(null))).toBeNull();
    expect(languageOfInitData('user=%7Bnot-json')).toBeNull();
    expect(languageOfInitData('')).toBeNull();
  });
});

describe('launch detection', () => {
  it('counts init data of 10 characters or fewer as missing (spec section 5)', () => {
    expect(hasTelegramInitData('0123456789')).toBe(false);
    expect(hasTelegramInitData('0123456789a')).toBe(true);
  });

  it("knows Click's mini app by its launch query or its user agent, and nothing else", () => {
    expect(isClickLaunch('?click_mini_app=1', 'Mozilla/5.0')).toBe(true);
    expect(isClickLaunch('?web_session=abc', 'Mozilla/5.0')).toBe(true);
    expect(isClickLaunch('', 'Mozilla/5.0 (Linux; Android 14) ClickApp/5.12.0')).toBe(true);
    expect(isClickLaunch('?vendor=tezkor', 'Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile')).toBe(false);
  });
});
