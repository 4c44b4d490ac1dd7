import type { ChannelListener } from '../live/index.ts';

/**
 * The channel the database NOTIFYs a brand's id on, from a trigger on every table the menu and the quote are drawn
 * from (migrations 0011_catalogue_changes, 0012_promo_changes): products and their stock, branch exceptions,
 * modifications and theirs, categories, branches, hours, cities, zones, settings, service fees, promos. No writer can forget it: an order taking
 * stock, a cancel or refund giving it back, the stop-list, the seed, a hand-written UPDATE.
 */
export const CATALOGUE_CHANNEL = 'dx_catalogue';

/** Brands remembered as changed; beyond it everything counts as changed at once (as after a lost connection). */
const MAX_REMEMBERED = 10_000;

/**
 * What the process has heard of catalogue changes, for whatever keeps a brand's catalogue in memory: a read
 * takes a `mark` before it starts, and what it read stays good while `unchanged` says so. A change heard after
 * the mark (the brand's, or any while nothing was heard) makes it stale. While the channel is not heard (before
 * the hub starts, while its PostgreSQL connection is lost) nothing is unchanged, and keepers fall back to reading.
 */
export function createCatalogueChanges() {
  /** Counts every change heard; a mark is its value when taken. */
  let seq = 0;
  /** Per brand, the `seq` of its last change. */
  const changedAt = new Map<string, number>();
  /** The `seq` when every brand last counted as changed (hearing started again, or the map overflowed). */
  let allChangedAt = 0;
  let hearing = false;
  /** Who else forgets a brand's cached reads when its change is heard (the merchants and settings cache). */
  const followers: ((merchantId: string | null) => void)[] = [];

  function changed(merchantId: string): void {
    for (const follow of followers) follow(merchantId);
    if (changedAt.size >= MAX_REMEMBERED && !changedAt.has(merchantId)) {
      changedAt.clear();
      allChangedAt = ++seq;
    }
    changedAt.set(merchantId, ++seq);
  }

  const listener: ChannelListener = {
    channel: CATALOGUE_CHANNEL,
    received: (payload) => changed(payload),
    heard: () => {
      allChangedAt = ++seq;
      hearing = true;
      for (const follow of followers) follow(null);
    },
    lost: () => {
      hearing = false;
      allChangedAt = ++seq;
      for (const follow of followers) follow(null);
    },
  };

  return {
    /** For the event hub: the channel, heard on its LISTEN connection. */
    listener,
    /** Taken before reading a brand's catalogue. */
    mark: (): number => seq,
    /** Nothing of the brand changed since `mark`, and changes are being heard. */
    unchanged(merchantId: string, mark: number): boolean {
      return hearing && allChangedAt <= mark && (changedAt.get(merchantId) ?? 0) <= mark;
    },
    /** Changes are being heard now. */
    hearing: (): boolean => hearing,
    /** Calls `follow` with a brand's id when its change is heard, with null when every brand counts as changed. */
    follow(follow: (merchantId: string | null) => void): void {
      followers.push(follow);
    },
  };
}

export type CatalogueChanges = ReturnType<typeof createCatalogueChanges>;
