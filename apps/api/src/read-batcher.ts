/*
 * Reads that many requests make at once, each for its own keys (the quote's fresh read), go to the database
 * together: a read asked while `maxInFlight` reads are under way waits for one of them to finish, and all that
 * waited then go as one read. Nothing is kept: every read is made after it was asked, so each caller sees
 * everything committed before it asked, exactly as if it had read alone. An idle server reads each ask alone at
 * once; under load the asks of one round trip share the next, and the database's and the driver's work per
 * read (a statement, a round trip) is paid once for the lot.
 */

export interface ReadBatcherOptions {
  /** Batched reads under way at once. */
  maxInFlight: number;
  /** Asks in one read at most; more wait for the next. */
  maxBatch: number;
}

/**
 * Wraps `readMany` (answers for the asks, in their order) into a read of one ask. When a read of several
 * fails, each of its asks is read again alone, so one ask's failure is never another's.
 */
export function createReadBatcher<A, R>(
  readMany: (asks: readonly A[]) => Promise<R[]>,
  { maxInFlight, maxBatch }: ReadBatcherOptions,
): (ask: A) => Promise<R> {
  if (!(maxInFlight >= 1 && maxBatch >= 1)) throw new Error('a read batcher needs at least one read under way and one ask per read');
  const waiting: { ask: A; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let inFlight = 0;

  async function run(batch: typeof waiting): Promise<void> {
    try {
      const answers = await readMany(batch.map((w) => w.ask));
      if (answers.length !== batch.length) throw new Error(`a batched read answered ${answers.length} of ${batch.length} asks`);
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else
        await Promise.all(
          batch.map((w) =>
            readMany([w.ask]).then((answers) => (answers.length === 1 ? w.resolve(answers[0]!) : w.reject(error)), w.reject),
          ),
        );
    }
  }

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (ask) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ ask, resolve, reject });
      pump();
    });
}
