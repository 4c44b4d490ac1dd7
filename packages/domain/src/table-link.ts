import { sum, type Sum } from './money.ts';

/**
 * A dining table's QR link (issue 32, docs/decisions/020-table-links.md). The link carries the table's id
 * and a MAC: HMAC-SHA-256 with a server secret over the brand, the branch and the table, cut to 128 bits and
 * written in base64url. The server finds the table by id, recomputes the MAC with the table's own brand and
 * branch from the database and compares in constant time, so a link cannot be forged, nor moved to a table
 * of another branch or brand. The hashing is the caller's (node:crypto on the server); the rule is here, once.
 */

/** The version of the signed text: a new version makes every printed code invalid at once. */
export const TABLE_LINK_VERSION = 'v1';

/** Bytes of the MAC kept in the link (128 bits: unguessable, short enough for a small QR code). */
export const TABLE_LINK_MAC_BYTES = 16;

/** The storefront path a table's QR code opens. */
export const TABLE_LINK_PATH = '/t/';

/** A function computing HMAC-SHA-256 of a text with the key the caller holds. */
export type TableLinkHmac = (text: string) => Uint8Array;

export interface TableLinkTarget {
  brandId: string;
  branchId: string;
  tableId: string;
}

/** The text that is signed: every part that must not be swapped. */
export const tableLinkPayload = (target: TableLinkTarget): string =>
  `table:${TABLE_LINK_VERSION}:${target.brandId}:${target.branchId}:${target.tableId}`;

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAC_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding, pure (no Buffer, no btoa) so the web and the server agree. */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4;
    for (let k = 0; k < chars; k++) out += BASE64URL[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The MAC of a table, as it appears in the link. */
export function tableLinkMac(target: TableLinkTarget, hmac: TableLinkHmac): string {
  return base64url(hmac(tableLinkPayload(target)).slice(0, TABLE_LINK_MAC_BYTES));
}

/** The token of a table's link: `<tableId>.<mac>`. */
export function signTableLink(target: TableLinkTarget, hmac: TableLinkHmac): string {
  if (!ID_PATTERN.test(target.tableId)) throw new RangeError(`Not a table id: ${target.tableId}`);
  return `${target.tableId}.${tableLinkMac(target, hmac)}`;
}

/** Splits a token into the table id and the MAC, or null for anything that is not a token's shape. */
export function parseTableLink(token: string): { tableId: string; mac: string } | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const tableId = token.slice(0, dot);
  const mac = token.slice(dot + 1);
  if (!ID_PATTERN.test(tableId) || !MAC_PATTERN.test(mac)) return null;
  return { tableId, mac };
}

/** Compares two texts without stopping at the first difference. */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * Checks a token against the table the server found by the token's id (its brand and branch from the
 * database, the brand also being the one the request came to). True only for the table's own MAC.
 */
export function verifyTableLink(token: string, table: TableLinkTarget, hmac: TableLinkHmac): boolean {
  const parsed = parseTableLink(token);
  if (!parsed || parsed.tableId !== table.tableId) return false;
  return constantTimeEqual(parsed.mac, tableLinkMac(table, hmac));
}

/** One order on a table's running bill. */
export interface TableBillOrder {
  total: number;
  paidAmount: number;
  cancelled: boolean;
}

export interface TableBillTotals {
  /** Orders counted (not cancelled). */
  orders: number;
  total: Sum;
  paid: Sum;
  /** What is left to pay. */
  due: Sum;
}

/**
 * The running bill of a table session: every order's server-computed total (the quote's money rules), the
 * cancelled ones left out, what is paid and what is left. Whole so'm throughout; a paid amount above an
 * order's total never makes another order's due smaller.
 */
export function tableBillTotals(orders: readonly TableBillOrder[]): TableBillTotals {
  let total = 0;
  let paid = 0;
  let due = 0;
  let count = 0;
  for (const order of orders) {
    if (order.cancelled) continue;
    const orderTotal = sum(order.total);
    const orderPaid = sum(Math.min(Math.max(order.paidAmount, 0), orderTotal));
    count += 1;
    total += orderTotal;
    paid += orderPaid;
    due += orderTotal - orderPaid;
  }
  return { orders: count, total: sum(total), paid: sum(paid), due: sum(due) };
}
