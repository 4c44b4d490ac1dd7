import { L, type BrandCatalogue } from './catalogue.ts';

/** A blocked merchant: its catalogue exists only so tests can prove nobody is served it. */
export const YOPIQ_CATALOGUE: BrandCatalogue = {
  sub: 'yopiq',
  logo: { color: '#2F6B4F', ink: '#FFFFFF', word: 'Yopiq', mark: 'bowl' },
  groups: [
    {
      key: 'dishes',
      name: L('Блюда', 'Taomlar', 'Dishes'),
      bgColor: '#EEF6EC',
      iconBgColor: '#2F6B4F',
      categories: [
        {
          key: 'mains',
          name: L('Основные блюда', 'Asosiy taomlar', 'Main Dishes'),
          art: { kind: 'skewer' },
          backdrop: '#EEF6EC',
          viewType: 'MEDIUM',
          scrollType: 'VERTICAL',
          navigationType: 'SHEET',
          tags: ['uzbek'],
          cooking: [10, 20],
          products: [
            {
              slug: 'shashlik',
              name: L('Шашлык из баранины', "Qo'y go'shtidan shashlik", 'Lamb Shashlik'),
              description: L(
                'Шашлык из баранины на углях с луком.',
                "Cho'g'da pishirilgan piyozli qo'y go'shti shashligi.",
                'Lamb skewer grilled over charcoal, with onion.',
              ),
              price: 18000,
              art: { kind: 'skewer' },
              unit: 'COUNT',
              measure: 1,
            },
            {
              slug: 'non',
              name: L('Лепёшка', 'Non', 'Flatbread'),
              description: L('Тандырная лепёшка.', 'Tandir non.', 'Tandoor-baked flatbread.'),
              price: 5000,
              art: { kind: 'bread' },
              unit: 'COUNT',
              measure: 1,
            },
            {
              slug: 'shorva',
              name: L('Шурпа', "Sho'rva", 'Shurpa'),
              description: L(
                'Наваристый суп из баранины с овощами.',
                "Qo'y go'shti va sabzavotli quyuq sho'rva.",
                'A rich lamb and vegetable soup.',
              ),
              price: 25000,
              art: { kind: 'bowl', style: 'shorva' },
              unit: 'GRAMM',
              measure: 400,
            },
          ],
        },
      ],
    },
  ],
  banners: [],
  stories: [],
};
