import { L, LABELS, type BrandCatalogue } from './catalogue.ts';

const COFFEE = '#6F4E37';

/** Tezkor Coffee (issue 31), Tezkor Burger's sister brand: a small menu of coffee, tea and cakes. */
export const TEZKOR_COFFEE_CATALOGUE: BrandCatalogue = {
  sub: 'tezkor-coffee',
  logo: { color: COFFEE, ink: '#FFFFFF', word: 'Coffee', mark: 'teapot' },
  groups: [
    {
      key: 'drinks',
      name: L('Напитки и десерты', 'Ichimliklar va desertlar', 'Drinks and Desserts'),
      bgColor: '#F6EEE8',
      iconBgColor: COFFEE,
      categories: [
        {
          key: 'coffee',
          name: L('Кофе и чай', 'Qahva va choy', 'Coffee and Tea'),
          art: { kind: 'hot', liquid: COFFEE, foam: true },
          backdrop: '#F6EEE8',
          viewType: 'MEDIUM',
          scrollType: 'VERTICAL',
          navigationType: 'SHEET',
          tags: ['drink', 'hot'],
          cooking: [2, 5],
          products: [
            {
              slug: 'cappuccino',
              name: L('Капучино', 'Kapuchino', 'Cappuccino'),
              description: L(
                'Эспрессо с молоком и плотной молочной пеной, 0,3 л.',
                "Sut va quyuq sut ko'pikli espresso, 0,3 l.",
                'Espresso with steamed milk and thick foam, 0.3 L.',
              ),
              price: 18000,
              art: { kind: 'hot', liquid: '#8B5E3C', foam: true },
              calorie: 120,
              unit: 'LITER',
              measure: 0.3,
              labels: [LABELS.hit],
            },
            {
              slug: 'latte',
              name: L('Латте', 'Latte', 'Latte'),
              description: L(
                'Эспрессо с большим количеством молока, 0,4 л.',
                "Ko'p sutli espresso, 0,4 l.",
                'Espresso with plenty of milk, 0.4 L.',
              ),
              price: 20000,
              art: { kind: 'hot', liquid: '#C9A27E', foam: true },
              calorie: 160,
              unit: 'LITER',
              measure: 0.4,
            },
            {
              slug: 'lemon-tea',
              name: L('Чай с лимоном', 'Limonli choy', 'Tea with Lemon'),
              description: L(
                'Чайник чёрного чая с лимоном, 0,5 л.',
                'Bir choynak limonli qora choy, 0,5 l.',
                'A pot of black tea with lemon, 0.5 L.',
              ),
              price: 8000,
              art: { kind: 'tea', liquid: '#C46A1E', lemon: true },
              calorie: 5,
              unit: 'LITER',
              measure: 0.5,
            },
          ],
        },
        {
          key: 'desserts',
          name: L('Десерты', 'Desertlar', 'Desserts'),
          art: { kind: 'cake', layers: ['#FFF3D6', '#F7E3B5'], top: '#E9C46A', topping: 'berry' },
          backdrop: '#FFF6E8',
          viewType: 'MEDIUM',
          scrollType: 'VERTICAL',
          navigationType: 'SHEET',
          tags: ['dessert'],
          cooking: [1, 3],
          products: [
            {
              slug: 'cheesecake',
              name: L('Чизкейк', 'Chizkeyk', 'Cheesecake'),
              description: L(
                'Нью-йоркский чизкейк с ягодным соусом.',
                'Rezavor sousli Nyu-York chizkeyki.',
                'New York cheesecake with berry sauce.',
              ),
              price: 24000,
              art: { kind: 'cake', layers: ['#FFF3D6', '#F7E3B5'], top: '#C0392B', topping: 'berry' },
              calorie: 420,
              unit: 'GRAMM',
              measure: 130,
            },
          ],
        },
      ],
    },
  ],
  banners: [],
  stories: [],
};
