/*
 * Chat with the brand (issue 32): a signed-in customer writes to the brand, about an order or in general; the staff
 * answer from the console's inbox. Text only: what is kept is what the rule below leaves of what was typed, and it is
 * only ever shown as text (links too). A customer's pace is limited, counted from the messages kept, so the limit holds
 * across instances.
 */

export const CHAT = {
  /** The longest message, in characters after cleaning. */
  textMax: 1000,
  /** A customer's messages in any minute, and in any day. */
  perMinute: 6,
  perDay: 100,
  /** Messages per page of a conversation. */
  pageSize: 50,
} as const;

export const CHAT_AUTHORS = ['CUSTOMER', 'STAFF'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

export const CHAT_STATUSES = ['OPEN', 'CLOSED'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

// Control characters but the line break and the tab; the bidirectional overrides and isolates, which would let a
// message reorder the text around it; zero-width characters that could hide a link's true address.
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * A message as it is kept: line ends as '\n', unwanted characters dropped, spaces trimmed at the ends of the whole
 * and of each line, at most one empty line in a row; null when nothing is left or it is longer than CHAT.textMax.
 */
export function cleanChatText(raw: string): string | null {
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(UNWANTED, '')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text || [...text].length > CHAT.textMax) return null;
  return text;
}

/**
 * Whether a customer may send another message now, given when they sent their recent ones (any order): null when
 * they may, else how many seconds until they may.
 */
export function chatWait(sentAt: readonly Date[], now: Date): number | null {
  const t = now.getTime();
  const inMinute = sentAt.filter((d) => t - d.getTime() < 60_000).map((d) => d.getTime());
  const inDay = sentAt.filter((d) => t - d.getTime() < 86_400_000).map((d) => d.getTime());
  if (inDay.length >= CHAT.perDay) return Math.max(1, Math.ceil((Math.min(...inDay) + 86_400_000 - t) / 1000));
  if (inMinute.length >= CHAT.perMinute) return Math.max(1, Math.ceil((Math.min(...inMinute) + 60_000 - t) / 1000));
  return null;
}

/**
 * The pieces of a message as the storefront and the console show it: text, with web addresses marked so they can be
 * shown apart (still as text, never as a live link to an address the brand did not choose).
 */
export function chatPieces(text: string): { text: string; link: boolean }[] {
  const pieces: { text: string; link: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(/\bhttps?:\/\/[^\s<>"]+/gi)) {
    if (m.index > last) pieces.push({ text: text.slice(last, m.index), link: false });
    pieces.push({ text: m[0], link: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), link: false });
  return pieces;
}
