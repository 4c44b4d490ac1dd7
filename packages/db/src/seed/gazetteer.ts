/*
 * The built-in gazetteer (issue 12): streets of the demo cities with their houses, so the address pickers
 * find and name places with no geocoder reachable. Each street is a line of [latitude, longitude] points
 * traced roughly along the real street (within a hundred metres or so, not a survey), from the end where
 * its numbering starts; houses stand every GAZETTEER_HOUSE_SPACING_M metres along it, numbered 1, 2, 3…
 * (`pointsAlong` in packages/domain/src/geocoding.ts). A street of a district with a demo delivery zone
 * (tezkor.seed.ts) keeps to that zone, so every house the gazetteer names can be delivered to; Mirobod has
 * no zone of its own and lies in the city-wide one. `test/gazetteer.test.ts` holds the data to that.
 *
 * Names are Uzbek Latin as the street signs write them; `nameRu` is the Russian name people still search by.
 */

export type GazetteerCity = 'Toshkent' | 'Samarqand';

export interface GazetteerStreet {
  name: string;
  /** The Russian name, where one is in common use. */
  nameRu?: string;
  /** The district (tuman) in Tashkent; in Samarkand the quarter. */
  district: string;
  city: GazetteerCity;
  /** [latitude, longitude] along the street, from house 1 on. */
  line: [number, number][];
}

/** Metres between two houses along a street. */
export const GAZETTEER_HOUSE_SPACING_M = 40;

export const GAZETTEER: readonly GazetteerStreet[] = [
  // Chilonzor: the avenue over the metro line, and the quarters west of it.
  {
    name: "Bunyodkor shoh ko'chasi",
    nameRu: 'проспект Бунёдкор',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.292, 69.2235],
      [41.284, 69.214],
      [41.275696, 69.203921],
      [41.269, 69.195],
      [41.262, 69.185],
    ],
  },
  {
    name: "Chilonzor ko'chasi",
    nameRu: 'улица Чиланзарская',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.288, 69.228],
      [41.279, 69.218],
      [41.27, 69.208],
      [41.262, 69.199],
    ],
  },
  {
    name: "Muqimiy ko'chasi",
    nameRu: 'улица Мукими',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.2885, 69.182],
      [41.2905, 69.2],
      [41.2925, 69.215],
    ],
  },
  {
    name: "Lutfiy ko'chasi",
    nameRu: 'улица Лутфи',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.2705, 69.1745],
      [41.265, 69.188],
      [41.261, 69.2],
    ],
  },
  {
    name: "Qatortol ko'chasi",
    nameRu: 'улица Катартал',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.286, 69.176],
      [41.276, 69.18],
      [41.264, 69.183],
    ],
  },
  {
    name: "Gavhar ko'chasi",
    nameRu: 'улица Гавхар',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.28, 69.19],
      [41.274, 69.196],
      [41.268, 69.202],
    ],
  },
  {
    name: "Arnasoy ko'chasi",
    nameRu: 'улица Арнасай',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.273, 69.215],
      [41.2695, 69.219],
      [41.266, 69.223],
    ],
  },
  {
    name: "Cho'ponota ko'chasi",
    nameRu: 'улица Чупан-Ата',
    district: 'Chilonzor',
    city: 'Toshkent',
    line: [
      [41.28, 69.168],
      [41.272, 69.17],
      [41.264, 69.172],
    ],
  },

  // Yunusobod: Amir Temur's avenue north to the ring road, and the quarters on either side.
  {
    name: "Amir Temur shoh ko'chasi",
    nameRu: 'проспект Амира Темура',
    district: 'Yunusobod',
    city: 'Toshkent',
    line: [
      [41.3425, 69.2855],
      [41.35, 69.2865],
      [41.358, 69.287],
      [41.364987, 69.287103],
      [41.373, 69.288],
      [41.382, 69.29],
    ],
  },
  {
    name: "Bog'ishamol ko'chasi",
    nameRu: 'улица Богишамол',
    district: 'Yunusobod',
    city: 'Toshkent',
    line: [
      [41.346, 69.295],
      [41.356, 69.298],
      [41.366, 69.301],
      [41.376, 69.306],
    ],
  },
  {
    name: "Ahmad Donish ko'chasi",
    nameRu: 'улица Ахмада Дониша',
    district: 'Yunusobod',
    city: 'Toshkent',
    line: [
      [41.37, 69.262],
      [41.372, 69.275],
      [41.374, 69.288],
    ],
  },
  {
    name: "Shahriston ko'chasi",
    nameRu: 'улица Шахристан',
    district: 'Yunusobod',
    city: 'Toshkent',
    line: [
      [41.356, 69.265],
      [41.359, 69.278],
      [41.3615, 69.2865],
    ],
  },
  {
    name: "Kichik halqa yo'li",
    nameRu: 'Малая кольцевая дорога',
    district: 'Yunusobod',
    city: 'Toshkent',
    line: [
      [41.344, 69.265],
      [41.346, 69.28],
      [41.3475, 69.295],
      [41.349, 69.308],
    ],
  },
  {
    name: "Yangishahar ko'chasi",
    nameRu: 'улица Янгишахар',
    district: 'Yunusobod',
    city: 'Toshkent',
    line: [
      [41.362, 69.295],
      [41.37, 69.296],
      [41.379, 69.2975],
    ],
  },

  // Mirzo Ulug'bek: the avenue east from the centre, and the university quarter.
  {
    name: "Mustaqillik shoh ko'chasi",
    nameRu: 'проспект Мустакиллик',
    district: "Mirzo Ulug'bek",
    city: 'Toshkent',
    line: [
      [41.3238, 69.318],
      [41.325312, 69.334021],
      [41.3272, 69.35],
      [41.329, 69.366],
      [41.3305, 69.38],
    ],
  },
  {
    name: "Mirzo Ulug'bek ko'chasi",
    nameRu: 'улица Мирзо Улугбека',
    district: "Mirzo Ulug'bek",
    city: 'Toshkent',
    line: [
      [41.348, 69.332],
      [41.338, 69.334],
      [41.33, 69.3355],
    ],
  },
  {
    name: "Sayram ko'chasi",
    nameRu: 'улица Сайрамская',
    district: "Mirzo Ulug'bek",
    city: 'Toshkent',
    line: [
      [41.318, 69.335],
      [41.3165, 69.3425],
      [41.315, 69.35],
    ],
  },
  {
    name: "Ziyolilar ko'chasi",
    nameRu: 'улица Зиёлилар',
    district: "Mirzo Ulug'bek",
    city: 'Toshkent',
    line: [
      [41.341, 69.345],
      [41.3425, 69.3515],
      [41.344, 69.358],
    ],
  },
  {
    name: "Parkent ko'chasi",
    nameRu: 'улица Паркентская',
    district: "Mirzo Ulug'bek",
    city: 'Toshkent',
    line: [
      [41.315, 69.325],
      [41.318, 69.342],
      [41.3215, 69.36],
      [41.324, 69.378],
    ],
  },

  // Yakkasaroy: between Bobur's park and Oybek.
  {
    name: "Shota Rustaveli ko'chasi",
    nameRu: 'улица Шота Руставели',
    district: 'Yakkasaroy',
    city: 'Toshkent',
    line: [
      [41.3, 69.2685],
      [41.295, 69.2643],
      [41.290512, 69.260087],
      [41.2815, 69.2545],
    ],
  },
  {
    name: "Bobur ko'chasi",
    nameRu: 'улица Бабура',
    district: 'Yakkasaroy',
    city: 'Toshkent',
    line: [
      [41.296, 69.256],
      [41.288, 69.264],
      [41.282, 69.27],
    ],
  },
  {
    name: "Kichik Beshyog'och ko'chasi",
    nameRu: 'улица Малая Бешагачская',
    district: 'Yakkasaroy',
    city: 'Toshkent',
    line: [
      [41.298, 69.254],
      [41.299, 69.264],
      [41.2995, 69.274],
    ],
  },
  {
    name: "Abdulla Qahhor ko'chasi",
    nameRu: 'улица Абдуллы Каххара',
    district: 'Yakkasaroy',
    city: 'Toshkent',
    line: [
      [41.293, 69.249],
      [41.287, 69.256],
      [41.281, 69.262],
    ],
  },
  {
    name: "Qushbegi ko'chasi",
    nameRu: 'улица Кушбеги',
    district: 'Yakkasaroy',
    city: 'Toshkent',
    line: [
      [41.296, 69.27],
      [41.289, 69.276],
      [41.2855, 69.2775],
    ],
  },

  // Sergeli: the new quarters south of the ring road.
  {
    name: "Yangi Sergeli ko'chasi",
    nameRu: 'улица Янги Сергели',
    district: 'Sergeli',
    city: 'Toshkent',
    line: [
      [41.242, 69.212],
      [41.234, 69.216],
      [41.225034, 69.220118],
      [41.215, 69.225],
      [41.209, 69.228],
    ],
  },
  {
    name: "Quruvchilar ko'chasi",
    nameRu: 'улица Курувчилар',
    district: 'Sergeli',
    city: 'Toshkent',
    line: [
      [41.24, 69.202],
      [41.234, 69.212],
      [41.229, 69.222],
    ],
  },
  {
    name: "Qumariq ko'chasi",
    nameRu: 'улица Кумарик',
    district: 'Sergeli',
    city: 'Toshkent',
    line: [
      [41.22, 69.205],
      [41.222, 69.22],
      [41.224, 69.235],
    ],
  },
  {
    name: "Nilufar ko'chasi",
    nameRu: 'улица Нилуфар',
    district: 'Sergeli',
    city: 'Toshkent',
    line: [
      [41.233, 69.23],
      [41.228, 69.242],
      [41.223, 69.252],
    ],
  },
  {
    name: "Xonobod ko'chasi",
    nameRu: 'улица Ханабад',
    district: 'Sergeli',
    city: 'Toshkent',
    line: [
      [41.245, 69.225],
      [41.2425, 69.2315],
      [41.24, 69.238],
    ],
  },

  // Shayxontohur: the old town around Chorsu and Hazrati Imom.
  {
    name: "Navoiy ko'chasi",
    nameRu: 'улица Навои',
    district: 'Shayxontohur',
    city: 'Toshkent',
    line: [
      [41.3165, 69.2495],
      [41.3215, 69.2435],
      [41.3262, 69.2372],
    ],
  },
  {
    name: "Farobiy ko'chasi",
    nameRu: 'улица Фараби',
    district: 'Shayxontohur',
    city: 'Toshkent',
    line: [
      [41.3275, 69.234],
      [41.333, 69.224],
      [41.337, 69.216],
    ],
  },
  {
    name: "Zarqaynar ko'chasi",
    nameRu: 'улица Заркайнар',
    district: 'Shayxontohur',
    city: 'Toshkent',
    line: [
      [41.324, 69.242],
      [41.332, 69.2395],
      [41.34, 69.239],
    ],
  },
  {
    name: "Qoratosh ko'chasi",
    nameRu: 'улица Караташ',
    district: 'Shayxontohur',
    city: 'Toshkent',
    line: [
      [41.317, 69.23],
      [41.321, 69.222],
      [41.325, 69.214],
    ],
  },
  {
    name: "Sebzor ko'chasi",
    nameRu: 'улица Себзар',
    district: 'Shayxontohur',
    city: 'Toshkent',
    line: [
      [41.332, 69.249],
      [41.339, 69.245],
      [41.343, 69.242],
    ],
  },
  {
    name: "Beruniy ko'chasi",
    nameRu: 'проспект Беруни',
    district: 'Shayxontohur',
    city: 'Toshkent',
    line: [
      [41.329, 69.228],
      [41.336, 69.219],
      [41.342, 69.213],
    ],
  },

  // Mirobod: south-east of Amir Temur's square.
  {
    name: "Nukus ko'chasi",
    nameRu: 'улица Нукусская',
    district: 'Mirobod',
    city: 'Toshkent',
    line: [
      [41.2985, 69.272],
      [41.294, 69.2755],
      [41.289, 69.279],
    ],
  },
  {
    name: "Afrosiyob ko'chasi",
    nameRu: 'улица Афросиаб',
    district: 'Mirobod',
    city: 'Toshkent',
    line: [
      [41.301, 69.277],
      [41.2965, 69.2815],
      [41.2925, 69.286],
    ],
  },
  {
    name: "Taras Shevchenko ko'chasi",
    nameRu: 'улица Тараса Шевченко',
    district: 'Mirobod',
    city: 'Toshkent',
    line: [
      [41.306, 69.278],
      [41.304, 69.286],
      [41.302, 69.294],
    ],
  },
  {
    name: "Mirobod ko'chasi",
    nameRu: 'улица Мирабадская',
    district: 'Mirobod',
    city: 'Toshkent',
    line: [
      [41.3005, 69.285],
      [41.296, 69.29],
      [41.292, 69.295],
    ],
  },
  {
    name: "Oybek ko'chasi",
    nameRu: 'улица Айбека',
    district: 'Mirobod',
    city: 'Toshkent',
    line: [
      [41.2995, 69.271],
      [41.3, 69.279],
      [41.3005, 69.287],
    ],
  },
  {
    name: "Shahrisabz ko'chasi",
    nameRu: 'улица Шахрисабзская',
    district: 'Mirobod',
    city: 'Toshkent',
    line: [
      [41.309, 69.279],
      [41.3075, 69.287],
      [41.306, 69.295],
    ],
  },

  // Samarkand: around the Registon.
  {
    name: "Registon ko'chasi",
    nameRu: 'улица Регистан',
    district: 'Registon',
    city: 'Samarqand',
    line: [
      [39.653, 66.972],
      [39.654808, 66.975732],
      [39.6565, 66.979],
      [39.658, 66.982],
    ],
  },
  {
    name: "Toshkent ko'chasi",
    nameRu: 'улица Ташкентская',
    district: 'Registon',
    city: 'Samarqand',
    line: [
      [39.6555, 66.9765],
      [39.6585, 66.978],
      [39.661, 66.9795],
      [39.663, 66.981],
    ],
  },
  {
    name: 'Universitet xiyoboni',
    nameRu: 'Университетский бульвар',
    district: 'Registon',
    city: 'Samarqand',
    line: [
      [39.654, 66.963],
      [39.651, 66.958],
      [39.648, 66.955],
    ],
  },
  {
    name: "Dagbit ko'chasi",
    nameRu: 'улица Дагбитская',
    district: 'Registon',
    city: 'Samarqand',
    line: [
      [39.66, 66.983],
      [39.662, 66.985],
      [39.664, 66.987],
    ],
  },
  {
    name: "Shohizinda ko'chasi",
    nameRu: 'улица Шахи-Зинда',
    district: 'Registon',
    city: 'Samarqand',
    line: [
      [39.662, 66.9815],
      [39.6627, 66.9855],
      [39.6632, 66.988],
    ],
  },
  {
    name: "Suzangaron ko'chasi",
    nameRu: 'улица Сузангаран',
    district: 'Registon',
    city: 'Samarqand',
    line: [
      [39.6535, 66.977],
      [39.652, 66.982],
      [39.6505, 66.987],
    ],
  },
];
