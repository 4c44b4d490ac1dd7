import { stdSerializers } from 'pino';

/*
 * What an error may say in the log: its kind, message and stack, never the values it was given. A failed
 * query's parameters (names, phone numbers, codes), a database error's `detail` ("Key (phone)=(+998…)") and
 * phone numbers and card numbers written into a message are left out; ids stay, they are what an engineer follows.
 */

const DROPPED = new Set([
  'params',
  'parameters',
  'detail',
  'where',
  'body',
  'payload',
  'cardNumber',
  'card_number',
  'cardToken',
  'card_token',
]);
/** Drizzle's "Failed query: …\nparams: …": the query's shape stays, its values go. */
const QUERY_PARAMS = /\n\s*params:[^\n]*/g;
const PHONE = /\+?\b998\d{9}\b|\+\d{10,15}\b/g;
/**
 * A card number (13-19 digits, together or in groups split by spaces): never in the log, even inside a message
 * (saved cards, decision 009). Dashes do not join groups, so an id's digits stay.
 */
const CARD_NUMBER = /\b\d(?: ?\d){12,18}\b/g;

function scrubText(text: string): string {
  return text.replace(QUERY_PARAMS, '\nparams: [left out]').replace(CARD_NUMBER, '[card]').replace(PHONE, '[phone]');
}

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!DROPPED.has(key)) out[key] = scrub(v, depth + 1);
  return out;
}

/** What the logger writes of an error. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The `err` serializer of the server's logger. */
export function safeError(error: Error): LoggedError {
  return scrub(stdSerializers.err(error)) as LoggedError;
}
