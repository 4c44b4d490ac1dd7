import type { Database } from '@dasturxon/db';

/*
 * A read that runs on a hot path (the storefront's quote) as a named prepared statement: the database
 * parses and plans it once per connection and then only binds and executes it. Through Drizzle, every
 * call builds the query text again in JavaScript and the database parses and plans it again; PGlite's own
 * query() also takes six trips into its WebAssembly for one statement. Measured on the quote's read of the
 * basket's stock (bench/README.md, quote, 2026-11-26): PGlite 0.72–0.85 ms → 0.16–0.18 ms, PostgreSQL
 * 0.38–0.52 ms → 0.17 ms per read.
 *
 * The answer is positional and in text, as the database sends it, whichever the backend: the caller knows its
 * columns and reads them. Parameters are strings, numbers, null, or arrays of strings and nulls (sent as one array).
 */

export type PreparedValue = string | number | null | readonly (string | null)[];
export type PreparedRow = readonly (string | null)[];
export type PreparedRead = (values: readonly PreparedValue[]) => Promise<PreparedRow[]>;

/** A named statement on the database: a connection of the PostgreSQL pool, or the one session of PGlite. */
export function preparedRead(database: Database, name: string, text: string): PreparedRead {
  if (database.pool) {
    const pool = database.pool;
    // node-postgres prepares a named statement once per connection and keeps it; every value comes back as text.
    const types = { getTypeParser: () => (value: string) => value };
    return async (values) => (await pool.query<string[]>({ name, text, values: values as unknown[], rowMode: 'array', types })).rows;
  }
  if (database.pglite) return pglitePreparedRead(database.pglite, name, text);
  throw new Error('a prepared read needs PostgreSQL or PGlite');
}

type PGliteInstance = NonNullable<Database['pglite']>;

/** The statements each PGlite session has parsed: two apps on one PGlite (tests) share its statements. */
const parsedOn = new WeakMap<PGliteInstance, Map<string, string>>();

/**
 * PGlite is one session in this process. The statement is parsed into it once (Parse and Sync, a trip of its
 * own, so a failed Parse leaves nothing half known), then each read is one trip: Bind, Execute and Sync in one
 * message. It takes PGlite's two locks, as its own `query()` does (`_runExclusiveTransaction`, `_runExclusiveQuery`,
 * declared in PGlite's interface): a transaction under way (an order being placed) holds the first across its
 * statements, so the read never runs inside another caller's transaction and sees only what is committed. A read
 * writes nothing, so there is nothing to sync to the file system after it.
 */
function pglitePreparedRead(pg: PGliteInstance, name: string, text: string): PreparedRead {
  return async (values) => {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        let parsed = parsedOn.get(pg);
        if (!parsed) parsedOn.set(pg, (parsed = new Map()));
        const known = parsed.get(name);
        if (known === undefined) {
          await pg.execProtocol(concat([parseMessage(name, text), SYNC]), { syncToFs: false });
          parsed.set(name, text);
        } else if (known !== text) {
          throw new Error(`prepared statement ${name} is already another statement`);
        }
        const { messages } = await pg.execProtocol(concat([bindMessage(name, values), EXECUTE, SYNC]), { syncToFs: false });
        const rows: PreparedRow[] = [];
        for (const m of messages) if (m.name === 'dataRow') rows.push((m as unknown as { fields: (string | null)[] }).fields);
        return rows;
      }),
    );
  };
}

// The frontend messages of PostgreSQL's extended query protocol (protocol-message-formats), text format throughout.

const encoder = new TextEncoder();

function message(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const cstring = (s: string) => concat([encoder.encode(s), new Uint8Array([0])]);
const int16 = (n: number) => new Uint8Array([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, n);
  return out;
};

/** Parse: the statement's name and text; the parameters' types are inferred (the text casts where it matters). */
function parseMessage(name: string, text: string): Uint8Array {
  return message('P', concat([cstring(name), cstring(text), int16(0)]));
}

/** An array parameter as PostgreSQL's text form of an array: every element quoted, `"` and `\` escaped; null as NULL. */
export function arrayLiteral(items: readonly (string | null)[]): string {
  return `{${items.map((item) => (item === null ? 'NULL' : `"${item.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/** Bind: the unnamed portal on the statement, every parameter and every column in text. */
function bindMessage(name: string, values: readonly PreparedValue[]): Uint8Array {
  const parts: Uint8Array[] = [cstring(''), cstring(name), int16(0), int16(values.length)];
  for (const value of values) {
    if (value === null) {
      parts.push(int32(-1));
      continue;
    }
    const bytes = encoder.encode(typeof value === 'string' ? value : typeof value === 'number' ? String(value) : arrayLiteral(value));
    parts.push(int32(bytes.length), bytes);
  }
  parts.push(int16(0));
  return message('B', concat(parts));
}

const EXECUTE = message('E', concat([cstring(''), int32(0)]));
const SYNC = message('S', new Uint8Array(0));
