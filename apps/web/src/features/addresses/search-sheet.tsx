import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/i18n.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { MapPinIcon, SearchIcon } from '../../shared/ui/icons.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { addressKeys, searchPlaces, type Place } from './addresses.api.ts';

/** Spec section 9: the search input gets focus 500 ms after the sheet opens. */
const FOCUS_DELAY_MS = 500;

/** The value once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The places found for a typed street: name and display name, each a button. */
export function PlaceResults({ query, onPick }: { query: string; onPick: (place: Place) => void }) {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: addressKeys.search(q, language),
    queryFn: ({ signal }) => searchPlaces(q, language, signal),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
  if (q.length < 2) return null;
  return (
    <div className="mt-3" aria-live="polite">
      {search.isPending ? null : search.error ? (
        <p className="px-1 text-[15px] text-muted">{errorText(search.error)}</p>
      ) : search.data.length === 0 ? (
        <EmptyState testId="address-search-empty" role="status" icon={<MapPinIcon size={28} />} title={t('addresses.nothingFound')} />
      ) : (
        <ul data-testid="address-results" className="overflow-hidden rounded-3xl border border-line bg-surface">
          {search.data.map((p) => (
            <li key={`${p.lat},${p.lon},${p.display_name}`} className="border-b border-line last:border-b-0">
              <button
                type="button"
                data-testid="address-result"
                onClick={() => onPick(p)}
                className="flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-surface-2"
              >
                <MapPinIcon size={20} className="mt-0.5 shrink-0 text-muted" />
                <span className="min-w-0">
                  <span className="block font-semibold">
                    <bdi>{p.name}</bdi>
                  </span>
                  <span className="block text-[13px] text-muted">
                    <bdi>{p.display_name}</bdi>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The search sheet (docs/spec-index.md section 2): a search on every input, results with a name and a display name; picking one
 * hands it over, clears the query and closes the sheet. Closing clears the query and the results.
 */
export function SearchSheet({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (place: Place) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => input.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const close = (next: boolean) => {
    if (!next) setQuery('');
    onOpenChange(next);
  };

  return (
    <BottomSheet open={open} onOpenChange={close} testId="address-search-sheet" title={t('addresses.searchTitle')} height="tall">
      <div className="px-4 pb-6">
        <label className="relative flex items-center">
          <span className="sr-only">{t('addresses.searchLabel')}</span>
          <SearchIcon size={20} className="pointer-events-none absolute start-3.5 text-muted" />
          <input
            ref={input}
            data-testid="address-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('addresses.searchPlaceholder')}
            autoComplete="street-address"
            maxLength={200}
            className="h-12 w-full rounded-2xl border border-line bg-surface ps-11 pe-4 text-[17px] outline-none focus:border-ink focus:ring-4 focus:ring-ink/10"
          />
        </label>
        <PlaceResults
          query={query}
          onPick={(p) => {
            setQuery('');
            onPick(p);
            onOpenChange(false);
          }}
        />
      </div>
    </BottomSheet>
  );
}
