import {
  checkModifications,
  checkRoom,
  chosenOf,
  priceLine,
  pricedProductOfMenu,
  pricingLineOf,
  sum,
  type LinePrice,
  type LineProblem,
  type Product,
  type RoomCheck,
} from '@dasturxon/domain';

/*
 * The customer's choice on a product: which modifications, how many units. Pure, so the rules of
 * the modification groups (domain `checkModifications`) and the line price (domain `priceLine`)
 * are applied exactly as the server will, and tested here without a browser.
 */

/** Chosen modification ids with their count (1 each, as the groups offer them). */
export type Chosen = Readonly<Record<string, number>>;

export type ToggleResult = { chosen: Chosen; refused: null } | { chosen: Chosen; refused: { groupId: string; max: number } };

/**
 * A tap on a modification. In a group of at most one (a radio) it replaces the other choice, and a
 * tap on the chosen one takes it back only when the group may stay empty. In a group of several
 * (checkboxes) it toggles, and is refused once the group has its maximum.
 */
export function toggleModification(product: Pick<Product, 'modificationGroups'>, chosen: Chosen, modificationId: string): ToggleResult {
  const group = product.modificationGroups.find((g) => g.modifications.some((m) => m.id === modificationId));
  if (!group) return { chosen, refused: null };
  const ids = group.modifications.map((m) => m.id);
  const next: Record<string, number> = { ...chosen };
  const isOn = (chosen[modificationId] ?? 0) > 0;
  if (group.max === 1) {
    if (isOn) {
      if (group.min === 0) delete next[modificationId];
      return { chosen: next, refused: null };
    }
    for (const id of ids) delete next[id];
    next[modificationId] = 1;
    return { chosen: next, refused: null };
  }
  if (isOn) {
    delete next[modificationId];
    return { chosen: next, refused: null };
  }
  const inGroup = ids.reduce((n, id) => n + (chosen[id] ?? 0), 0);
  if (group.max > 0 && inGroup >= group.max) return { chosen, refused: { groupId: group.id, max: group.max } };
  next[modificationId] = 1;
  return { chosen: next, refused: null };
}

/**
 * What the product opens with: the options the brand marks as default (a required size's usual one), at most each
 * group's maximum, in the brand's order. The customer may change them as any other choice.
 */
export function defaultChoice(product: Pick<Product, 'modificationGroups'>): Chosen {
  const chosen: Record<string, number> = {};
  for (const group of product.modificationGroups) {
    const marked = [...group.modifications].sort((a, b) => a.priority - b.priority).filter((m) => m.isDefault);
    for (const m of marked.slice(0, Math.max(group.max, 0) || marked.length)) chosen[m.id] = 1;
  }
  return chosen;
}

export const chosenList = (chosen: Chosen): { id: string; count: number }[] =>
  Object.entries(chosen)
    .filter(([, n]) => n > 0)
    .map(([id, count]) => ({ id, count }));

/** The groups whose rules the choice breaks (domain `checkModifications`): MODIFICATION_MIN until a required choice is made. */
export function choiceProblems(product: Pick<Product, 'id' | 'modificationGroups'>, chosen: Chosen): LineProblem[] {
  return checkModifications(
    {
      productId: product.id,
      groups: product.modificationGroups.map((g) => ({ id: g.id, min: g.min, max: g.max })),
      modifications: product.modificationGroups.flatMap((g) => g.modifications.map((m) => ({ id: m.id, groupId: g.id }))),
    },
    chosenList(chosen),
  );
}

/** What the line costs, by the quote's own line rule: what the customer will pay, and the price before the product's discount. */
export function choicePrice(
  product: Pick<Product, 'costPrice' | 'discount' | 'modificationGroups'>,
  chosen: Chosen,
  quantity: number,
): LinePrice {
  const known = pricedProductOfMenu(product);
  return priceLine(pricingLineOf(known, quantity, chosenOf(known, chosenList(chosen))));
}

/**
 * Whether `quantity` units of the product may go into the basket beside the units its lines already
 * hold (domain `checkRoom`: one stock serves every line of a product).
 */
export function choiceRoom(product: Pick<Product, 'isOrderable' | 'count'>, quantity: number, inBasket: number): RoomCheck {
  return checkRoom({ orderable: product.isOrderable, count: product.count }, quantity, inBasket);
}

/** What one modification adds to the price the customer pays: the product's discount applies to it too (docs/spec-index.md section 4). */
export function modificationPrice(price: number, discountPercent: number): number {
  return priceLine({ costPrice: sum(0), discountPercent, quantity: 1, modifications: [{ count: 1, price: sum(price) }] }).net;
}
