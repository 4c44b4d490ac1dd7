import { parse } from 'csv-parse/sync';
import { AppError } from '@dasturxon/domain';
import { MENU_CSV_COLUMNS, MENU_DOCUMENT_FORMAT, type MenuDocInput } from '@dasturxon/domain/contracts';
import { categories, products, type Db } from '@dasturxon/db';
import { eq } from 'drizzle-orm';
import type { PathLabel } from './menu-io.ts';

/*
 * The CSV of products (docs/back-office.md "Menu import and export"): one row per product and price, a header row
 * naming the columns (MENU_CSV_COLUMNS, any order), UTF-8 with or without the BOM Excel writes, comma or semicolon.
 * Each row becomes a product of a menu document (only the columns given are written), read and applied as a JSON
 * import is; a problem is named by its line.
 */

const parseBool = (value: string) => {
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'да', 'ha'].includes(v)) return true;
  if (['0', 'false', 'no', 'нет', "yo'q"].includes(v)) return false;
  return value;
};
const parseNumber = (value: string) => {
  const v = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : value;
};
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The CSV as a menu document (still to be validated) and the label of each product's path: its line in the file. */
export async function csvToDocument(db: Db, merchantId: string, text: string): Promise<{ doc: MenuDocInput; label: PathLabel }> {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      info: true,
      skip_empty_lines: true,
      trim: true,
      delimiter,
    }) as never;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: line ? `line ${line}` : 'body', message: (error as Error).message }] });
  }
  const header = rows[0] ? Object.keys(rows[0].record) : [];
  const unknown = header.filter((c) => !(MENU_CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'line 1', message: `unknown columns: ${unknown.join(', ')} (known: ${MENU_CSV_COLUMNS.join(', ')})` }],
    });
  }
  const has = (c: string) => header.includes(c);
  const cats = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.merchantId, merchantId));
  const current = new Map(
    (
      await db
        .select({ id: products.id, name: products.name, description: products.description, categoryId: products.categoryId })
        .from(products)
        .where(eq(products.merchantId, merchantId))
    ).map((p) => [p.id, p]),
  );
  const categoryOf = (value: string) => {
    const v = value.trim().toLowerCase();
    const found = cats.filter(
      (c) => c.id === v || Object.values(c.name).some((n) => typeof n === 'string' && n.trim().toLowerCase() === v),
    );
    return found.length === 1 ? found[0]!.id : value;
  };
  const lines = rows.map((r) => r.info.lines);
  const docProducts = rows.map(({ record: r }) => {
    const id = orNull(r.id ?? '');
    const before = id ? current.get(id) : undefined;
    const localized = (prefix: string, base: Record<string, string | undefined> = {}) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(base)) if (typeof v === 'string') out[k] = v;
      for (const lang of ['ru', 'uz', 'eng']) if (has(`${prefix}_${lang}`)) out[lang] = r[`${prefix}_${lang}`] ?? '';
      return out;
    };
    const product: Record<string, unknown> = {
      ...(id ? { id } : {}),
      category: has('category') && r.category ? categoryOf(r.category) : (before?.categoryId ?? ''),
      name: localized('name', before?.name),
      price: has('price') ? parseNumber(r.price ?? '') : undefined,
    };
    if (has('description_ru') || has('description_uz') || has('description_eng'))
      product.description = localized('description', before?.description);
    if (has('old_price')) product.oldPrice = parseNumber(r.old_price ?? '');
    if (has('mxik')) product.mxicCode = orNull(r.mxik ?? '');
    if (has('package_code')) product.packageCode = orNull(r.package_code ?? '');
    if (has('weight')) product.measure = parseNumber(r.weight ?? '');
    if (has('active') && (r.active ?? '') !== '') product.active = parseBool(r.active ?? '');
    return product;
  });
  const label: PathLabel = (path) => {
    const [kind, index, ...rest] = path;
    if (kind === 'products' && typeof index === 'number' && lines[index] !== undefined) {
      const field = String(rest[0] ?? '');
      const column =
        {
          price: 'price',
          oldPrice: 'old_price',
          mxicCode: 'mxik',
          packageCode: 'package_code',
          measure: 'weight',
          active: 'active',
          category: 'category',
          id: 'id',
        }[field] ?? (field === 'name' || field === 'description' ? `${field}_${String(rest[1] ?? 'ru')}` : field);
      return `line ${lines[index]}${column ? `: ${column}` : ''}`;
    }
    return path.join('.');
  };
  return { doc: { format: MENU_DOCUMENT_FORMAT, products: docProducts as never }, label };
}
