import type { FastifyInstance, FastifyRequest } from 'fastify';

/*
 * A bulkhead for the calls that cost work (the routes with `config.rateLimit: 'work'`: a quote, a
 * promo check). At most `slots` of them are under way at once; the rest wait at the door, in order,
 * before their body is parsed or the database is asked anything. Everything else (a page, the menu,
 * a session, /api/health) then shares the process with a few quotes, not with every quote that
 * arrived: the server runs one request's JavaScript at a time (and on PGlite every query too), and
 * fifty quotes taking turns would make every other request wait for fifty quotes' work.
 */

/** Calls under way at most, and the queue of those waiting for a slot. */
export interface WorkGate {
  /** Resolves once the caller holds a slot; the caller must `release` it exactly once. */
  acquire(): Promise<void>;
  release(): void;
  /** Calls holding a slot, and calls waiting for one. */
  readonly stats: { running: number; waiting: number };
}

export interface WorkGateOptions {
  /** Calls let in on one turn of the event loop at most (1 unless said otherwise; never more than the free slots). */
  perTurn?: number;
}

export function createWorkGate(slots: number, { perTurn = 1 }: WorkGateOptions = {}): WorkGate {
  if (!Number.isInteger(slots) || slots < 1) throw new Error(`a work gate needs at least one slot, not ${slots}`);
  if (!Number.isInteger(perTurn) || perTurn < 1) throw new Error(`a work gate lets at least one call in per turn, not ${perTurn}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  let scheduled = false;

  /*
   * Calls are let in on the turn of the event loop after they asked, so the requests read with them
   * go first. On PGlite one per turn (app.ts): a quote whose queries answer at once (PGlite runs them
   * in this thread) goes from start to end without giving the loop back; letting several in on one
   * turn would run them all before the health check or page read that arrived beside them. On
   * PostgreSQL a quote gives the loop back at its query, so a turn lets in as many as there are free
   * slots: one per turn there cost a tenth to a fifth of each quote's work in turns of the loop that
   * served nothing else, and kept the quotes from reading the database together (bench/README.md,
   * quote, 2026-11-26).
   */
  const admit = () => {
    scheduled = false;
    for (let i = 0; i < perTurn && running < slots; i++) {
      const next = waiting.shift();
      if (!next) return;
      running += 1;
      next();
    }
    schedule();
  };
  const schedule = () => {
    if (scheduled || waiting.length === 0 || running >= slots) return;
    scheduled = true;
    setImmediate(admit);
  };

  return {
    acquire(): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        schedule();
      });
    },
    release(): void {
      running = Math.max(0, running - 1);
      schedule();
    },
    get stats() {
      return { running, waiting: waiting.length };
    },
  };
}

const held = new WeakSet<FastifyRequest>();

/**
 * Puts the calls that cost work behind the gate: a slot is taken when the request arrives (after
 * its rate limit, so a refused call never waits) and given back when the answer has gone, or the
 * client has gone away, whichever comes first.
 */
export function registerWorkGate(app: FastifyInstance, gate: WorkGate): void {
  const release = (request: FastifyRequest) => {
    if (!held.delete(request)) return;
    gate.release();
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.rateLimit !== 'work') return;
    await gate.acquire();
    held.add(request);
    // Whatever ends the exchange (an answer, an error, a timeout, a closed socket) gives the slot back
    // once. A client that went away while waiting has closed already: its slot goes back at once.
    if (reply.raw.closed || request.raw.destroyed) release(request);
    else reply.raw.once('close', () => release(request));
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
}
