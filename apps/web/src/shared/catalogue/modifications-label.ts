import { pickText, type Product, type UiLanguage } from '@dasturxon/domain';

/** A line's chosen modifications: ids with their counts. */
type Chosen = readonly { id: string; count: number }[];

/** Each chosen modification with its name and price, in the product's group order; unknown ones are left out. */
export function chosenModifications(product: Product, chosen: Chosen, lang: UiLanguage) {
  const out: { id: string; name: string; count: number; price: number }[] = [];
  const wanted = new Map(chosen.map((m) => [m.id, m.count]));
  for (const group of product.modificationGroups) {
    for (const m of group.modifications) {
      const count = wanted.get(m.id);
      if (count) out.push({ id: m.id, name: pickText(m.name, lang), count, price: m.price });
    }
  }
  return out;
}

/** "Large, Ketchup, Cheese ×2": what a line's modifications read as under its name. */
export function modificationsLabel(product: Product, chosen: Chosen, lang: UiLanguage): string {
  return chosenModifications(product, chosen, lang)
    .map((m) => (m.count > 1 ? `${m.name} ×${m.count}` : m.name))
    .join(', ');
}
