import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/client.ts';
import { isUniqueViolation, PG_ERROR, pgErrorCode } from '../src/errors.ts';

describe('database error codes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase();
    await database.db.execute(sql`create table t_parent (id int primary key)`);
    await database.db.execute(sql`create table t_child (id int primary key, parent int references t_parent (id), n int check (n > 0))`);
    await database.db.execute(sql`insert into t_parent values (1)`);
  });
  afterAll(() => database.close());

  const failure = async (statement: ReturnType<typeof sql>) => {
    try {
      await database.db.execute(statement);
    } catch (error) {
      return error;
    }
    throw new Error('the statement did not fail');
  };

  it('reads the SQLSTATE through the wrapping Drizzle and the driver add', async () => {
    const duplicate = await failure(sql`insert into t_parent values (1)`);
    expect(pgErrorCode(duplicate)).toBe(PG_ERROR.UNIQUE_VIOLATION);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(pgErrorCode(await failure(sql`insert into t_child values (1, 99, 1)`))).toBe(PG_ERROR.FOREIGN_KEY_VIOLATION);
    const check = await failure(sql`insert into t_child values (2, 1, 0)`);
    expect(pgErrorCode(check)).toBe(PG_ERROR.CHECK_VIOLATION);
    expect(isUniqueViolation(check)).toBe(false);
  });

  it('finds no code in errors that do not come from the database', () => {
    expect(pgErrorCode(new Error('boom'))).toBeNull();
    expect(pgErrorCode(Object.assign(new Error('fs'), { code: 'ENOENT' }))).toBeNull();
    expect(pgErrorCode(Object.assign(new Error('socket'), { code: 'EPIPE' }))).toBeNull();
    expect(pgErrorCode(undefined)).toBeNull();
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
