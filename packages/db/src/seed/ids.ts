import { createHash } from 'node:crypto';

// RFC 4122 URL namespace: the names below read like paths, and a standard namespace lets anyone
// recompute an id with any uuid v5 tool.
const NAMESPACE = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex');

/**
 * A UUID v5 of `dasturxon:demo:<name>`. The demo keeps the same ids on every run and on every
 * machine, so the seed can upsert and tests, e2e journeys and bookmarks can name rows.
 */
export function demoId(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(`dasturxon:demo:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of each kind of demo row, named by the merchant's sub and a stable key. */
export const ids = {
  merchant: (sub: string) => demoId(`${sub}/merchant`),
  brand: (sub: string) => demoId(`${sub}/brand`),
  city: (sub: string, key: string) => demoId(`${sub}/city/${key}`),
  branch: (sub: string, key: string) => demoId(`${sub}/branch/${key}`),
  staff: (sub: string, key: string) => demoId(`${sub}/staff/${key}`),
  zone: (sub: string, key: string) => demoId(`${sub}/zone/${key}`),
  group: (sub: string, key: string) => demoId(`${sub}/group/${key}`),
  category: (sub: string, key: string) => demoId(`${sub}/category/${key}`),
  product: (sub: string, slug: string) => demoId(`${sub}/product/${slug}`),
  modificationGroup: (sub: string, slug: string, group: string) => demoId(`${sub}/product/${slug}/group/${group}`),
  modification: (sub: string, slug: string, group: string, option: string) =>
    demoId(`${sub}/product/${slug}/group/${group}/option/${option}`),
  banner: (sub: string, key: string) => demoId(`${sub}/banner/${key}`),
  story: (sub: string, key: string) => demoId(`${sub}/story/${key}`),
  promo: (sub: string, code: string) => demoId(`${sub}/promo/${code.toLowerCase()}`),
  hall: (sub: string, branch: string, key: string) => demoId(`${sub}/branch/${branch}/hall/${key}`),
  table: (sub: string, branch: string, name: string) => demoId(`${sub}/branch/${branch}/table/${name}`),
  vacancy: (sub: string, key: string) => demoId(`${sub}/vacancy/${key}`),
};
