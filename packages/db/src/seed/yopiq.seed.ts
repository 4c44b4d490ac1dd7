import { branchSettings } from '../schema/branches.ts';
import { mediaKey } from './catalogue.ts';
import { DEMO } from './demo.ts';
import { branchRows, tashkentCity, catalogueRows, mediaRows, policyRows, settingsRow, type MerchantRows } from './rows.ts';
import { everyDay } from './work-hours.ts';
import { YOPIQ_CATALOGUE } from './yopiq.catalogue.ts';

const SUB = DEMO.yopiq.sub;

const ABOUT = {
  ru: 'Yopiq Oshxona — домашняя кухня в Шайхантахуре.\n\nКафе временно не принимает заказы.',
  uz: 'Yopiq Oshxona — Shayxontohurdagi uy taomlari oshxonasi.\n\nKafe vaqtincha buyurtma qabul qilmaydi.',
  eng: 'Yopiq Oshxona is a home-cooking canteen in Shayxontohur.\n\nIt is not taking orders for now.',
};

/** A blocked merchant (isActive false): every catalogue call for it must be refused. */
export function yopiqRows(now: Date): MerchantRows {
  const merchantId = DEMO.yopiq.id;
  return {
    merchant: {
      id: merchantId,
      name: DEMO.yopiq.name,
      logo: mediaKey.logo(SUB),
      color: DEMO.yopiq.mainColor,
      sub: SUB,
      isActive: false,
      latitude: 41.326521,
      longitude: 69.228744,
      mainCityId: DEMO.yopiq.cities.tashkent,
      smsGateway: 'OUTBOX',
    },
    secrets: { merchantId, smsCredentials: {}, posKeys: {}, paymentKeys: {}, yandexMapKey: '', yandexDeliveryKey: '', appId: '' },
    settings: [
      settingsRow(merchantId, 'WEB', {
        flags: { storiesActive: false, bannersActive: false },
        texts: { logo: mediaKey.logo(SUB), favicon: mediaKey.favicon(SUB), brand: DEMO.yopiq.name, phone: DEMO.yopiq.phone },
        extras: {
          mainColor: DEMO.yopiq.mainColor,
          mainColorType: 'DARK',
          mainLanguage: 'uz',
          mapType: 'LEAFLET',
          title: { ru: DEMO.yopiq.name, uz: DEMO.yopiq.name, eng: DEMO.yopiq.name },
          leftCopyWrite: { ru: `© ${DEMO.yopiq.name}`, uz: `© ${DEMO.yopiq.name}`, eng: `© ${DEMO.yopiq.name}` },
          rightCopyWrite: { ru: 'ИП Каримов Ж.', uz: 'YaTT Karimov J.', eng: 'Sole trader J. Karimov' },
        },
      }),
    ],
    brands: [],
    cities: [tashkentCity(DEMO.yopiq.cities.tashkent, merchantId)],
    ...branchRows(SUB, [
      {
        key: 'main',
        cityKey: 'tashkent',
        name: { ru: 'Шайхантахур', uz: 'Shayxontohur', eng: 'Shayxontohur' },
        address: "Toshkent, Shayxontohur tumani, Navoiy ko'chasi, 40",
        latitude: 41.326521,
        longitude: 69.228744,
        phone: DEMO.yopiq.phone,
        isMain: true,
        deliveryPrice: 15000,
        deliveryMinAmount: 50000,
        settings: branchSettings(),
        hours: everyDay('10:00', '22:00'),
        hourTypes: ['DELIVERY', 'PICK_UP'],
      },
    ]),
    zones: [],
    policies: policyRows(SUB, { brand: DEMO.yopiq.name, phone: DEMO.yopiq.phone, delivers: true, about: ABOUT }),
    ...catalogueRows(YOPIQ_CATALOGUE, now),
    productBranches: [],
    ...mediaRows(YOPIQ_CATALOGUE, now),
    promos: [],
    serviceFees: [],
  };
}
