import { branchSettings } from '../schema/branches.ts';
import { DEFAULT_TIME_ZONE } from '@dasturxon/domain';
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
import { NAVBAHOR_CATALOGUE } from './navbahor.catalogue.ts';
import { everyDay } from './work-hours.ts';

const SUB = DEMO.navbahor.sub;

const ABOUT = {
  ru: [
    'Navbahor — семейное кафе в Мирабадском районе Ташкента. С 2012 года мы готовим плов в казане на открытом огне, печём самсу в тандыре и завариваем чай так, как его заваривают в махалле.',
    'Закажите заранее на сайте и заберите заказ горячим, без очереди. Доставки у нас нет: приходите, мы всегда рады гостям.',
    'Мы открыты каждый день с 8:00 до 22:00. Плов подаём с 11:00, пока не опустеет казан.',
  ].join('\n\n'),
  uz: [
    'Navbahor — Toshkentning Mirobod tumanidagi oilaviy kafe. 2012-yildan beri oshni qozonda olovda damlaymiz, somsani tandirda yopamiz va choyni mahalladagidek damlaymiz.',
    "Saytda oldindan buyurtma bering va navbatsiz, issiq holda olib keting. Bizda yetkazib berish yo'q: keling, mehmonlarga doim xursandmiz.",
    'Har kuni soat 8:00 dan 22:00 gacha ochiqmiz. Osh soat 11:00 dan qozon tugaguncha tortiladi.',
  ].join('\n\n'),
  eng: [
    "Navbahor is a family cafe in Tashkent's Mirobod district. Since 2012 we have cooked plov in a kazan over an open fire, baked samsa in a tandoor and brewed tea the way the mahalla does.",
    'Order ahead on the website and collect your food hot, without queueing. We do not deliver: come and see us, guests are always welcome.',
    'We are open every day from 8:00 to 22:00. Plov is served from 11:00 until the kazan is empty.',
  ].join('\n\n'),
};

export function navbahorRows(now: Date): MerchantRows {
  const merchantId = DEMO.navbahor.id;
  const year = yearIn(now, DEFAULT_TIME_ZONE);
  const web: SettingsInput = {
    flags: {
      isDark: false,
      uzLangActive: true,
      ruLangActive: true,
      engLangActive: true,
      deliveryActive: false,
      pickupActive: true,
      bannersActive: true,
      storiesActive: false,
      promoActive: false,
      cashActive: true,
      // A small cafe that confirms each order with a code by SMS before cooking it.
      isSmsConfirmationRequiredPerOrder: true,
      phoneActive: true,
      instagramActive: true,
      branchFirstLanding: false,
    },
    texts: {
      logo: mediaKey.logo(SUB),
      favicon: mediaKey.favicon(SUB),
      brand: DEMO.navbahor.name,
      domain: DEMO.navbahor.domain,
      phone: DEMO.navbahor.phone,
      instagram: 'https://www.instagram.com/navbahor.cafe',
    },
    extras: {
      mainColor: DEMO.navbahor.mainColor,
      mainColorType: 'LIGHT',
      mainLanguage: 'uz',
      forcedLanguage: null,
      mapType: 'LEAFLET',
      contacts: [DEMO.navbahor.phone],
      title: {
        ru: 'Navbahor Cafe — плов и самса навынос',
        uz: 'Navbahor Cafe — osh va somsa olib ketish uchun',
        eng: 'Navbahor Cafe — plov and samsa to take away',
      },
      leftCopyWrite: { ru: `© ${year} Navbahor Cafe`, uz: `© ${year} Navbahor Cafe`, eng: `© ${year} Navbahor Cafe` },
      rightCopyWrite: { ru: 'ИП Рахимова Н.', uz: 'YaTT Rahimova N.', eng: 'Sole trader N. Rahimova' },
    },
  };
  return {
    merchant: {
      id: merchantId,
      name: DEMO.navbahor.name,
      logo: mediaKey.logo(SUB),
      color: DEMO.navbahor.mainColor,
      sub: SUB,
      isActive: true,
      latitude: 41.296713,
      longitude: 69.281528,
      mainCityId: DEMO.navbahor.cities.tashkent,
      smsGateway: 'OUTBOX',
    },
    secrets: { merchantId, smsCredentials: {}, posKeys: {}, paymentKeys: {}, yandexMapKey: '', yandexDeliveryKey: '', appId: '' },
    settings: [settingsRow(merchantId, 'WEB', web), settingsRow(merchantId, 'CLICK_APP', web)],
    brands: [
      {
        id: DEMO.navbahor.brandEntry,
        merchantId,
        name: DEMO.navbahor.name,
        domainUrl: DEMO.navbahor.domain,
        color: DEMO.navbahor.mainColor,
        image: mediaKey.logo(SUB),
        priority: 0,
      },
    ],
    cities: [tashkentCity(DEMO.navbahor.cities.tashkent, merchantId)],
    ...branchRows(SUB, [
      {
        key: 'mirobod',
        cityKey: 'tashkent',
        name: { ru: 'Мирабад', uz: 'Mirobod', eng: 'Mirobod' },
        address: "Toshkent, Mirobod tumani, Nukus ko'chasi, 28",
        latitude: 41.296713,
        longitude: 69.281528,
        phone: DEMO.navbahor.phone,
        isMain: true,
        deliveryPrice: 0,
        deliveryMinAmount: 0,
        settings: branchSettings({ deliveryEnabled: false, pickupEnabled: true, dineinEnabled: true }),
        hours: everyDay('08:00', '22:00'),
        hourTypes: ['PICK_UP'],
      },
    ]),
    zones: [],
    policies: policyRows(SUB, { brand: DEMO.navbahor.name, phone: DEMO.navbahor.phone, delivers: false, about: ABOUT }),
    ...catalogueRows(NAVBAHOR_CATALOGUE, now),
    productBranches: [],
    ...mediaRows(NAVBAHOR_CATALOGUE, now),
    promos: [],
    serviceFees: [],
  };
}
