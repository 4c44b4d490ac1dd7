import { formatNumber, type Product } from '@dasturxon/domain';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** `200 g`, `0.5 l`, `6 pcs`: the product's measure in its unit (texts `menu.units.{unit}`), or '' when it has none. */
export function measureLabel(product: Pick<Product, 'measure' | 'unit'>, t: Translate): string {
  if (product.measure === null || product.measure <= 0) return '';
  return t(`menu.units.${product.unit}`, { value: formatNumber(product.measure) });
}
