import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIN_COLOR } from '../src/constants.ts';
import { defaultMerchantSettings, MerchantSettings } from '../src/contracts/settings.ts';
import { SETTINGS_FLAG_DEFAULTS, SETTINGS_FLAGS, SETTINGS_TEXT_FIELDS } from '../src/settings.ts';

describe('MerchantSettings', () => {
  const defaults = MerchantSettings.parse({});

  it('gives every flag its default from nothing', () => {
    for (const flag of SETTINGS_FLAGS) expect(defaults[flag], flag).toBe(SETTINGS_FLAG_DEFAULTS[flag]);
  });

  it('has a flag for each boolean setting of the spec', () => {
    const spec =
      'bannersActive uzLangActive ruLangActive engLangActive zhLangActive arLangActive kzLangActive trLangActive deliveryActive pickupActive dineInActive branchesActive storiesActive vacanciesActive privacyActive aboutMerchantActive termsOfUseActive iosAppActive androidAppActive telegramBotActive phoneActive telegramActive instagramActive facebookActive isDark notificationsActive balanceActive cartInMainActive bookingActive cashActive terminalActive paymeActive clickActive uzumActive receiverActive cartPageActive chatActive amoCRMActive yandexMetricsEnabled cashbackActive promoActive favouriteActive cancelOrderActive cardActive productComment isVisibleAtProfileTop isNavigationViewEnabled multiTabNavigationEnabled shouldValidateDeliveryArea isCategoryImageVisible metaPixelActive googleTagManagerActive isSmsConfirmationRequiredPerOrder';
    for (const flag of spec.split(' ')) expect(SETTINGS_FLAGS, flag).toContain(flag);
  });

  it('defaults the enumerated and text fields as the spec says', () => {
    expect(defaults.mainColor).toBe('#FCE000');
    expect(DEFAULT_MAIN_COLOR).toBe('#FCE000');
    expect(defaults.basketPosition).toBe('NAVIGATION_BAR');
    expect(defaults.modificationViewType).toBe('NAME_ONLY');
    expect(defaults.mainColorType).toBe('DARK');
    expect(defaults.mapType).toBe('YANDEX');
    expect(defaults.groupView).toBe('GROUP');
    expect(defaults.categoryView).toBe('ALL');
    expect(defaults.mainLanguage).toBe('ru');
    expect(defaults.forcedLanguage).toBeNull();
    expect(defaults.yandexMetricsKeys).toEqual([]);
    expect(defaults.contacts).toEqual([]);
    expect(defaults.title).toEqual({});
    for (const field of SETTINGS_TEXT_FIELDS) expect(defaults[field], field).toBe('');
  });

  it('keeps what a merchant has set', () => {
    const s = MerchantSettings.parse({
      promoActive: false,
      mainColor: '#123456',
      basketPosition: 'FLOATING_OVER_PRODUCT',
      brand: 'Tezkor',
    });
    expect(s.promoActive).toBe(false);
    expect(s.mainColor).toBe('#123456');
    expect(s.basketPosition).toBe('FLOATING_OVER_PRODUCT');
    expect(s.brand).toBe('Tezkor');
  });

  it('refuses values of the wrong kind', () => {
    expect(MerchantSettings.safeParse({ promoActive: 'yes' }).success).toBe(false);
    expect(MerchantSettings.safeParse({ basketPosition: 'TOP' }).success).toBe(false);
    expect(MerchantSettings.safeParse({ mainLanguage: 'ar' }).success).toBe(false);
  });

  it('defaultMerchantSettings gives a fresh copy of the defaults', () => {
    const a = defaultMerchantSettings();
    a.contacts.push('x');
    expect(defaultMerchantSettings()).toEqual(defaults);
  });
});
