import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { ErrorResponse, HealthResponse, QuoteResponse, Region } from '@dasturxon/domain/contracts';
import { compileWriter, isPlainSchema, responseSerializerCompiler } from '../src/plugins/response-serializer.ts';

const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' } as never);
const encodeOf = (schema: z.ZodType) => serializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' } as never);

const ID = '3f0737c4-8de7-54d8-90c8-567e73d99e4a';
const quote = {
  productPrice: 58000,
  productDiscount: 0,
  promoProductDiscount: 5800,
  deliveryPrice: 12000,
  deliveryDiscount: 0,
  serviceFee: 3000,
  cashback: 0,
  totalDiscount: 5800,
  totalPrice: 67200,
  productCount: 2,
  promo: { id: ID, code: 'WELCOME10', discountType: 'PERCENTAGE', productDiscount: 10, deliveryDiscount: 0, minPrice: 0 },
  lines: [{ productId: ID, count: 2, modifications: [{ id: ID, count: 1, price: 8000 }], gross: 58000, discount: 0, net: 58000 }],
  problems: [{ code: 'NOT_ENOUGH_PRODUCTS', description: { ru: 'а', uz: 'b', eng: 'c' }, details: { max: 1 }, productId: ID }],
  eta: { kind: 'delivery', minMinutes: 35, maxMinutes: 45, at: '2026-11-28T08:45:00.000Z', overdue: false },
};

describe('the response serializer', () => {
  it('takes the one-pass parse only for schemas of plain data', () => {
    expect(isPlainSchema(QuoteResponse)).toBe(true);
    expect(isPlainSchema(HealthResponse)).toBe(true);
    expect(
      isPlainSchema(
        z.object({ at: z.iso.datetime(), tags: z.array(z.string()).max(3), rest: z.record(z.string(), z.unknown()) }).nullable(),
      ),
    ).toBe(true);
    expect(isPlainSchema(z.object({ n: z.string().transform(Number) }))).toBe(false);
    expect(isPlainSchema(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(
      isPlainSchema(
        z.array(z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) })),
      ),
    ).toBe(false);
    expect(isPlainSchema(z.object({ n: z.preprocess((v) => v, z.number()) }))).toBe(false);
  });

  it('writes exactly what the encoding serializer writes, leaving out fields the schema does not name', () => {
    const withExtra = { ...quote, secret: 'internal', lines: quote.lines.map((l) => ({ ...l, costPrice: 1 })) };
    expect(compile(QuoteResponse)(withExtra)).toBe(encodeOf(QuoteResponse)(withExtra));
    expect(JSON.parse(compile(QuoteResponse)(withExtra))).toEqual(quote);
  });

  it('refuses an answer that breaks its schema, as the encoding serializer does', () => {
    for (const bad of [
      { ...quote, totalPrice: -1 },
      { ...quote, totalPrice: 1.5 },
      { ...quote, lines: [{ ...quote.lines[0], productId: 'x' }] },
      { ...quote, promo: undefined },
    ]) {
      expect(() => compile(QuoteResponse)(bad)).toThrow(ResponseSerializationError);
      expect(() => encodeOf(QuoteResponse)(bad)).toThrow(ResponseSerializationError);
    }
  });

  it('encodes a schema with a codec as before', () => {
    const schema = z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) });
    expect(compile(schema)({ at: new Date('2026-11-26T10:00:00.000Z') })).toBe('{"at":"2026-11-26T10:00:00.000Z"}');
  });
});

/** Every place in a value: the path to it. */
function pathsOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

/** The value with `change` applied at `path` (the root for an empty path), copying only the containers on the way. */
function changedAt(value: unknown, path: (string | number)[], change: (v: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [step, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const next = changedAt(copy[step!], rest, change);
  if (next === DELETE) delete copy[step!];
  else copy[step!] = next;
  return copy;
}
const DELETE = Symbol('delete');

class Thing {
  a = 1;
}
const odd = (): unknown[] => {
  const withSymbol: Record<string | symbol, unknown> = { a: 1 };
  withSymbol[Symbol('s')] = 2;
  const hidden = { a: 1 };
  Object.defineProperty(hidden, 'h', { value: 2, enumerable: false });
  const nullProto = Object.assign(Object.create(null) as object, { a: 1 });
  return [
    -1,
    0,
    -0,
    1,
    1.5,
    2 ** 53,
    -(2 ** 53),
    NaN,
    Infinity,
    -Infinity,
    '1',
    '',
    'x',
    'ABC',
    null,
    undefined,
    true,
    false,
    [],
    {},
    [1],
    { a: 1 },
    '3F0737C4-8DE7-54D8-90C8-567E73D99E4A',
    '3f0737c4-8de7-54d8-90c8-567e73d99e4',
    '00000000-0000-0000-0000-000000000000',
    'PERCENTAGE',
    'AMOUNT',
    'NOT_ENOUGH_PRODUCTS',
    'pglite',
    'ok',
    'é\u2028"\\',
    '\ud800',
    new Date(0),
    new Thing(),
    withSymbol,
    hidden,
    nullProto,
    JSON.parse('{"__proto__": {"x": 1}}') as unknown,
    { constructor: 1 },
    { toJSON: () => 'j' },
    { big: 1n },
    { u: undefined },
  ];
};

/** What the library's own path answers: zod's parse written by JSON.stringify, or its refusal. */
function reference(schema: z.ZodType, value: unknown): { ok: true; json: string } | { ok: false } {
  const result = safeParse(schema, value);
  if (result.error) return { ok: false };
  try {
    return { ok: true, json: JSON.stringify(result.data) };
  } catch {
    return { ok: false };
  }
}

describe('the compiled writer against zod', () => {
  const health = { status: 'ok', version: '2.2.9', database: 'pglite' };
  const error = {
    code: 'PROMO_EXPIRED',
    message: 'Promo code has expired',
    description: { ru: 'р', uz: 'u', eng: 'e' },
    details: { at: '2026-11-26', n: [1, { x: null }] },
  };
  const quoteWithout = { ...quote, promo: null, problems: [{ code: 'BRANCH_CLOSED', description: { ru: 'а', uz: 'b', eng: 'c' } }] };
  const cases: [string, z.ZodType, unknown][] = [
    ['QuoteResponse', QuoteResponse, quote],
    ['QuoteResponse without promo', QuoteResponse, quoteWithout],
    ['HealthResponse', HealthResponse, health],
    ['ErrorResponse', ErrorResponse, error],
  ];

  it.each(cases)('%s: writes what zod writes, and nothing zod refuses', (_name, schema, valid) => {
    const serialize = compile(schema);
    expect(compileWriter(schema as never)).not.toBeNull();
    expect(serialize(valid)).toBe(reference(schema, valid).ok && (reference(schema, valid) as { json: string }).json);
    const paths = pathsOf(valid);
    const values = odd();
    const agrees = (value: unknown) => {
      const expected = reference(schema, value);
      if (expected.ok) expect(serialize(value)).toBe(expected.json);
      else expect(() => serialize(value)).toThrow();
    };
    // Every odd value at every place, and every place left out.
    for (const path of paths) {
      for (const v of values) agrees(changedAt(valid, path, () => v));
      if (path.length) agrees(changedAt(valid, path, () => DELETE));
    }
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            path: fc.constantFrom(...paths),
            kind: fc.constantFrom('replace', 'delete', 'extra', 'wrap'),
            with: fc.nat(values.length - 1),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (changes) => {
          let value: unknown = valid;
          for (const c of changes) {
            const here = pathsOf(value).some((p) => p.length === c.path.length && p.every((s, i) => s === c.path[i]));
            if (!here) continue;
            value = changedAt(value, c.path, (v: unknown) => {
              if (c.kind === 'replace') return values[c.with];
              if (c.kind === 'delete') return c.path.length ? DELETE : v;
              if (c.kind === 'wrap') return Array.isArray(v) ? { ...v } : v && typeof v === 'object' ? [v] : v;
              return v && typeof v === 'object' && !Array.isArray(v) ? { ...v, extra: values[c.with] } : v;
            });
          }
          agrees(value);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('steps aside for what it does not check itself, leaving it to zod', () => {
    expect(compileWriter(z.object({ a: z.string().min(2) }) as never)).toBeNull();
    expect(compileWriter(z.strictObject({ a: z.string() }) as never)).toBeNull();
    expect(compileWriter(z.object({ a: z.string().email() }) as never)).toBeNull();
    expect(compileWriter(z.object({ a: z.number().multipleOf(5) }) as never)).toBeNull();
    expect(compileWriter(z.object({ a: z.union([z.string(), z.number()]) }) as never)).toBeNull();
    expect(compileWriter(z.object({ 1: z.string() }) as never)).toBeNull();
    expect(compileWriter(z.object({ a: z.string().optional().nullable() }) as never)).toBeNull();
    // Still checked and written exactly, by zod.
    const region = compile(Region);
    const bad = { id: 'x' };
    expect(() => region(bad)).toThrow(ResponseSerializationError);
  });
});
