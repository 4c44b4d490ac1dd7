import { DEFAULT_TIME_ZONE } from '@dasturxon/domain';
import { branchSettings } from '../schema/branches.ts';
import { mediaKey } from './catalogue.ts';
import { DEMO } from './demo.ts';
import {
  branchRows,
  tashkentCity,
  catalogueRows,
  mediaRows,
  policyRows,
  settingsRow,
  yearIn,
  type MerchantRows,
  type SettingsInput,
} from './rows.ts';
import { TEZKOR_COFFEE_CATALOGUE } from './tezkor-coffee.catalogue.ts';
import { everyDay } from './work-hours.ts';

const C = DEMO.tezkorCoffee;
const SUB = C.sub;

const ABOUT = {
  ru: 'Tezkor Coffee — кофейня сети Tezkor в Чиланзаре: кофе, чай и десерты навынос.\n\nЗакажите на сайте и заберите без очереди.',
  uz: "Tezkor Coffee — Tezkor tarmog'ining Chilonzordagi qahvaxonasi: qahva, choy va desertlar olib ketish uchun.\n\nSaytda buyurtma bering va navbatsiz olib keting.",
  eng: "Tezkor Coffee is the Tezkor chain's coffee shop in Chilonzor: coffee, tea and desserts to take away.\n\nOrder on the website and collect without queueing.",
};

/**
 * Tezkor Burger's sister brand (issue 31): the same company (`companyId`), so each lists the other in its brand tabs.
 * It shows the navigation flags on: the bottom navigation bar on phones with the profile also at the top.
 */
export function tezkorCoffeeRows(now: Date): MerchantRows {
  const merchantId = C.id;
  const year = yearIn(now, DEFAULT_TIME_ZONE);
  const web: SettingsInput = {
    flags: {
      isDark: false,
      arLangActive: true,
      deliveryActive: false,
      pickupActive: true,
      storiesActive: false,
      bannersActive: false,
      multiTabNavigationEnabled: true,
      isNavigationViewEnabled: true,
      isVisibleAtProfileTop: true,
    },
    texts: { logo: mediaKey.logo(SUB), favicon: mediaKey.favicon(SUB), brand: C.name, phone: C.phone },
    extras: {
      mainColor: C.mainColor,
      mainColorType: 'LIGHT',
      mainLanguage: 'ru',
      mapType: 'LEAFLET',
      title: { ru: 'Tezkor Coffee — кофе навынос', uz: 'Tezkor Coffee — olib ketish uchun qahva', eng: 'Tezkor Coffee — coffee to go' },
      leftCopyWrite: { ru: `© ${year} Tezkor Coffee`, uz: `© ${year} Tezkor Coffee`, eng: `© ${year} Tezkor Coffee` },
      rightCopyWrite: {
        ru: 'ООО «Tezkor Food», ИНН 309876543',
        uz: '«Tezkor Food» MChJ, STIR 309876543',
        eng: 'Tezkor Food LLC, TIN 309876543',
      },
    },
  };
  return {
    merchant: {
      id: merchantId,
      name: C.name,
      logo: mediaKey.logo(SUB),
      color: C.mainColor,
      sub: SUB,
      isActive: true,
      latitude: 41.2856,
      longitude: 69.2035,
      mainCityId: C.cities.tashkent,
      smsGateway: 'OUTBOX',
      companyId: C.companyId,
    },
    secrets: { merchantId, smsCredentials: {}, posKeys: {}, paymentKeys: {}, yandexMapKey: '', yandexDeliveryKey: '', appId: '' },
    settings: [settingsRow(merchantId, 'WEB', web), settingsRow(merchantId, 'CLICK_APP', web)],
    brands: [],
    cities: [tashkentCity(C.cities.tashkent, merchantId)],
    ...branchRows(SUB, [
      {
        key: 'main',
        cityKey: 'tashkent',
        name: { ru: 'Чиланзар', uz: 'Chilonzor', eng: 'Chilonzor' },
        address: "Toshkent, Chilonzor tumani, Bunyodkor shoh ko'chasi, 12",
        latitude: 41.2856,
        longitude: 69.2035,
        phone: C.phone,
        isMain: true,
        deliveryPrice: 0,
        deliveryMinAmount: 0,
        settings: branchSettings({ deliveryEnabled: false, pickupEnabled: true }),
        // Round the clock, so the demo takes orders whenever it is opened.
        hours: everyDay('00:00', '00:00'),
        hourTypes: ['PICK_UP'],
      },
    ]),
    zones: [],
    policies: policyRows(SUB, { brand: C.name, phone: C.phone, delivers: false, about: ABOUT }),
    ...catalogueRows(TEZKOR_COFFEE_CATALOGUE, now),
    productBranches: [],
    ...mediaRows(TEZKOR_COFFEE_CATALOGUE, now),
    promos: [],
    serviceFees: [],
  };
}
