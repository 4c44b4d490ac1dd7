import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, isUuid } from '@dasturxon/domain';

/*
 * What every request is held to before any route reads it (issue 10, "Hostile input"), in one place:
 * - no control characters in a path or query parameter, nor in a text of the body (tab, line feed and
 *   carriage return excepted: a comment has lines); a NUL must never reach the database;
 * - every text well-formed Unicode, keys included: JSON can name half of a UTF-16 pair (`"\ud800"`), which no
 *   column can keep (PostgreSQL refuses it in jsonb, and UTF-8 has no bytes for it);
 * - one Host header;
 * - ids compared the same way everywhere: a UUID in the path, the query or the body is read in lower case,
 *   as the database keeps it;
 * - a path that exists with other methods answers 405 with `Allow` (methodsAllowed, used by the not-found handler).
 */

// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_IN_PARAMETER = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MAX_DEPTH = 32;

declare global {
  interface String {
    /** ES2024 (Node 20 has it; the workspace's lib is ES2023). */
    isWellFormed(): boolean;
  }
}
const MAX_FIELDS = 10;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A payment provider's endpoint: it checks its own input after the caller's credentials, answering in the provider's words. */
    providerInput?: true;
  }
}

interface Field {
  field: string;
  message: string;
}

/** A parsed JSON object or query (the query parser's objects have a prototype of their own without Object's). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** A lone UTF-16 surrogate in a field's name, shown as `?` where the field is named. */
const LONE_SURROGATE = /[\ud800-\udfff]/gu;
const badText = (value: string, control: RegExp) => control.test(value) || !value.isWellFormed();
const problemOf = (value: string, control: RegExp) =>
  control.test(value) ? 'must not contain control characters' : 'must be well-formed Unicode';
const shownKey = (key: string) => key.replace(CONTROL_IN_PARAMETER, '?').replace(LONE_SURROGATE, '?');

/** A string `inspectInput` would change: a UUID with a capital letter (only A–F can be one). */
const UPPER_HEX = /[A-F]/;
const needsLowerCase = (value: string) => value.length === 36 && UPPER_HEX.test(value) && isUuid(value);

/**
 * True when `inspectInput` would neither report nor change anything in `value`: one walk that builds no path
 * and copies nothing, which is what nearly every request is (a quote's basket is some forty fields).
 */
function isClean(value: unknown, control: RegExp, depth: number): boolean {
  if (typeof value === 'string') return !badText(value, control) && !needsLowerCase(value);
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!isClean(item, control, depth + 1)) return false;
    return true;
  }
  if (isPlainObject(value)) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (badText(key, control) || !isClean(value[key], control, depth + 1)) return false;
    }
  }
  return true;
}

/**
 * The fields of `value` (under `path`) holding a control character or ill-formed Unicode, and the value with its UUIDs in lower case.
 * Objects and arrays are copied only where something changes.
 */
export function inspectInput(
  value: unknown,
  path: string,
  control: RegExp,
  fields: Field[] = [],
  depth = 0,
): { value: unknown; fields: Field[] } {
  if (fields.length === 0 && isClean(value, control, depth)) return { value, fields };
  return inspectInDepth(value, path, control, fields, depth);
}

function inspectInDepth(
  value: unknown,
  path: string,
  control: RegExp,
  fields: Field[],
  depth: number,
): { value: unknown; fields: Field[] } {
  if (typeof value === 'string') {
    if (badText(value, control) && fields.length < MAX_FIELDS) fields.push({ field: path, message: problemOf(value, control) });
    return { value: isUuid(value) ? value.toLowerCase() : value, fields };
  }
  if (depth >= MAX_DEPTH) return { value, fields };
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item, i) => {
      const next = inspectInDepth(item, `${path}.${i}`, control, fields, depth + 1).value;
      if (next !== item) changed = true;
      return next;
    });
    return { value: changed ? out : value, fields };
  }
  if (isPlainObject(value)) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (badText(key, control) && fields.length < MAX_FIELDS)
        fields.push({ field: `${path}.${shownKey(key)}`, message: problemOf(key, control) });
      const next = inspectInDepth(item, `${path}.${shownKey(key)}`, control, fields, depth + 1).value;
      if (next !== item) changed = true;
      out[key] = next;
    }
    return { value: changed ? out : value, fields };
  }
  return { value, fields };
}

/** The path of a request as the router reads it (percent-decoded), or null when it does not decode. */
function decodedPath(request: FastifyRequest): string | null {
  try {
    return decodeURIComponent(request.url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/** How many Host headers the request came with (Node keeps only the first in `headers`). */
function hostHeaders(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') n += 1;
  return n;
}

/** Route patterns and their methods, to tell "no such path" (404) from "not with this method" (405). */
const routeTable = new WeakMap<FastifyInstance, { pattern: RegExp; methods: string[] }[]>();

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => {
      // A parameter with a pattern (`:id(^[0-9a-f-]{36}$)`) matches what its pattern matches, as the router does.
      const constrained = /^:\w+\((.*)\)$/.exec(part);
      if (constrained) return `(?:${constrained[1]!.replace(/^\^/, '').replace(/\$$/, '')})`;
      return part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** The methods the API answers on this path; empty when no route has it. A catch-all (the storefront's files) does not count. */
export function methodsAllowed(app: FastifyInstance, path: string): string[] {
  const allowed = new Set<string>();
  for (const route of routeTable.get(app) ?? []) if (route.pattern.test(path)) route.methods.forEach((m) => allowed.add(m));
  return [...allowed].sort();
}

export function registerInputGuard(app: FastifyInstance): void {
  const table: { pattern: RegExp; methods: string[] }[] = [];
  routeTable.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === '/*' || route.url === '*') return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    table.push({ pattern: patternOf(route.url), methods });
  });

  app.addHook('onRequest', async (request) => {
    if (hostHeaders(request) > 1)
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'headers.host', message: 'must be given once' }] });
    const path = decodedPath(request);
    if (path === null || CONTROL_IN_PARAMETER.test(path)) {
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ field: 'path', message: path === null ? 'is not a valid address' : 'must not contain control characters' }],
      });
    }
  });

  // Before the routes' own validation and before the brand is resolved (plugins/tenant.ts), for every call.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.providerInput) return;
    const fields: Field[] = [];
    const params = inspectInput(request.params, 'params', CONTROL_IN_PARAMETER, fields);
    const query = inspectInput(request.query, 'query', CONTROL_IN_PARAMETER, fields);
    const body = inspectInput(request.body, 'body', CONTROL_IN_TEXT, fields);
    if (fields.length) throw new AppError('VALIDATION_FAILED', { fields });
    if (params.value !== request.params) request.params = params.value;
    if (query.value !== request.query) request.query = query.value;
    if (body.value !== request.body) request.body = body.value;
  });
}
