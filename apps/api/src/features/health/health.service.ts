import { pingDatabase, type Database } from '@dasturxon/db';

/** Whether the server can work: the database answers. Its driver (pglite or postgres) when it does, null when not. */
export function createHealthCheck(database: Database): () => Promise<Database['kind'] | null> {
  return async () => ((await pingDatabase(database)) ? database.kind : null);
}
