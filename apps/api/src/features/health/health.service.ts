import { pendingMigrations, pingDatabase, type Database } from '@dasturxon/db';

/** Whether the server can work: the database answers. Its driver (pglite or postgres) when it does, null when not. */
export function createHealthCheck(database: Database): () => Promise<Database['kind'] | null> {
  return async () => ((await pingDatabase(database)) ? database.kind : null);
}

/** Why an instance should not be sent traffic now. */
export type NotReady = 'DATABASE' | 'MIGRATIONS' | 'DRAINING';

/**
 * Whether the balancer should send this instance traffic (`GET /api/ready`, issue 33): the database answers, it holds
 * every migration of this build, and the instance is not draining. `drain()` (server.ts, on SIGTERM) turns it to
 * "not ready" for good, before the server stops taking connections.
 */
export function createReadiness(database: Database) {
  let draining = false;
  let migrated = false;
  return {
    drain(): void {
      draining = true;
    },
    get draining(): boolean {
      return draining;
    },
    async check(): Promise<NotReady | null> {
      if (draining) return 'DRAINING';
      if (!(await pingDatabase(database))) return 'DATABASE';
      // Once every migration is there it stays so for this build: asked again only until then.
      if (!migrated) migrated = (await pendingMigrations(database)) === 0;
      return migrated ? null : 'MIGRATIONS';
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
