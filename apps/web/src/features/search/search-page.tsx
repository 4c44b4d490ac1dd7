import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pickText, struckPrice } from '@dasturxon/domain';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { unavailableReason } from '../../shared/catalogue/availability.ts';
import { useMenu, type MenuProduct } from '../../shared/catalogue/catalogue.api.ts';
import { measureLabel } from '../../shared/catalogue/measure.ts';
import { Picture } from '../../shared/catalogue/picture.tsx';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { useOpenProduct } from '../../shared/catalogue/product-link.ts';
import { useScrollMemory } from '../../shared/catalogue/scroll-memory.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconButton } from '../../shared/ui/icon-button.tsx';
import { ClockIcon, CloseIcon, Icon, SearchIcon, type IconProps } from '../../shared/ui/icons.tsx';
import { searchItems } from './search-match.ts';
import { useSearchHistory } from './search-history.ts';

const BackIcon = (p: IconProps) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M19 12H5m6-6-6 6 6 6" />
  </Icon>
);

/** The query a moment after the customer stops typing (docs/spec-index.md section 9: 300 ms). */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const namesOf = (p: MenuProduct) => [p.name.ru ?? '', p.name.uz ?? '', p.name.eng ?? ''];

/**
 * `/search`: the menu searched on the device (it is already loaded), by the names in ru, uz and eng
 * however they are spelled, as the customer types; the last searches kept with a way to clear them.
 */
export function SearchPage() {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const settled = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const input = useRef<HTMLInputElement>(null);
  const { menu, isPending } = useMenu();
  const { history, remember, clear } = useSearchHistory();
  const openProduct = useOpenProduct();
  const searching = settled.trim().length > 0;

  const results = useMemo(() => (menu ? searchItems(menu.products, settled, namesOf) : []), [menu, settled]);

  // The query lives in the address too, so coming back from a product shows the same results.
  useEffect(() => {
    const current = params.get('q') ?? '';
    if (current === settled.trim()) return;
    const next = new URLSearchParams(params);
    if (settled.trim()) next.set('q', settled.trim());
    else next.delete('q');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [settled, params, setParams]);

  useScrollMemory(Boolean(menu));
  useEffect(() => {
    document.title = t('search.title');
    input.current?.focus({ preventScroll: true });
  }, [t]);

  const open = (p: MenuProduct) => {
    remember(settled);
    const category = menu?.categories.find((c) => c.id === p.categoryId);
    openProduct(p.id, category?.navigationType);
  };

  const back = () => {
    if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
    else void navigate('/');
  };

  return (
    <div data-testid="search-page" className="mx-auto max-w-3xl px-4 pb-10">
      <h1 className="sr-only">{t('search.title')}</h1>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          remember(query);
          input.current?.blur();
        }}
        className="sticky top-16 z-20 -mx-4 flex items-center gap-2 bg-bg/92 px-4 py-3 backdrop-blur-md"
      >
        <button
          type="button"
          onClick={back}
          aria-label={t('common.back')}
          className="grid size-11 shrink-0 place-items-center rounded-full bg-surface"
        >
          <BackIcon size={20} className="rtl:-scale-x-100" />
        </button>
        <label className="relative flex h-12 flex-1 items-center rounded-2xl bg-surface ring-brand focus-within:ring-2">
          <SearchIcon size={20} className="pointer-events-none absolute start-3.5 text-muted" />
          <span className="sr-only">{t('search.title')}</span>
          <input
            ref={input}
            type="search"
            data-testid="search-input"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('search.placeholder')}
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={80}
            className="h-full w-full rounded-2xl bg-transparent ps-11 pe-11 text-base outline-none placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
          />
          {query && (
            <IconButton
              label={t('search.clearQuery')}
              testId="search-clear-query"
              tone="soft"
              size="sm"
              onClick={() => {
                setQuery('');
                input.current?.focus();
              }}
              className="absolute end-2"
            >
              <CloseIcon size={16} />
            </IconButton>
          )}
        </label>
      </form>

      {!searching && (
        <>
          {history.length > 0 && (
            <section data-testid="search-history" aria-labelledby="search-history-title" className="mt-3">
              <div className="flex items-center justify-between">
                <h2 id="search-history-title" className="text-lg font-extrabold tracking-tight">
                  {t('search.history')}
                </h2>
                <button
                  type="button"
                  onClick={clear}
                  data-testid="search-history-clear"
                  className="rounded-full px-3 py-1.5 text-sm font-semibold text-muted hover:bg-surface hover:text-ink"
                >
                  {t('search.clearHistory')}
                </button>
              </div>
              <ul className="mt-2 flex flex-col">
                {history.map((h) => (
                  <li key={h}>
                    <button
                      type="button"
                      data-testid="search-history-item"
                      onClick={() => setQuery(h)}
                      className="flex h-12 w-full items-center gap-3 rounded-xl px-1 text-start text-[15px] hover:bg-surface"
                    >
                      <ClockIcon size={18} className="shrink-0 text-muted" />
                      <span className="truncate">{h}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {menu && menu.categories.length > 0 && (
            <section aria-labelledby="search-categories-title" className="mt-6">
              <h2 id="search-categories-title" className="text-lg font-extrabold tracking-tight">
                {t('search.categories')}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {menu.categories.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`/category?id=${encodeURIComponent(c.id)}`}
                      className="inline-flex h-10 items-center rounded-full bg-surface px-4 text-[15px] font-semibold hover:bg-surface-2"
                    >
                      {pickText(c.name, language)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}

      {searching && isPending && (
        <ul aria-hidden="true" className="mt-3 flex flex-col gap-2.5">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-[5.5rem] rounded-3xl bg-surface motion-safe:animate-pulse" />
          ))}
        </ul>
      )}

      {searching && menu && results.length === 0 && (
        <EmptyState
          testId="search-empty"
          role="status"
          className="mt-4"
          icon={<SearchIcon size={28} />}
          title={t('search.nothingFound')}
          text={t('search.nothingFoundText')}
        />
      )}

      {searching && results.length > 0 && (
        <section aria-labelledby="search-results-title" className="mt-2">
          <h2 id="search-results-title" data-testid="search-count" role="status" className="mb-2 text-sm font-semibold text-muted">
            {t('search.found', { count: results.length })}
          </h2>
          <ul data-testid="search-results" className="flex flex-col gap-2.5">
            {results.map((p) => (
              <li key={p.id}>
                <ResultRow
                  product={p}
                  category={pickText(menu?.categories.find((c) => c.id === p.categoryId)?.name, language)}
                  onOpen={() => open(p)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ResultRow({ product, category, onOpen }: { product: MenuProduct; category: string; onOpen: () => void }) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  const numberText = useNumberText();
  const reason = unavailableReason(product);
  const measure = numberText(measureLabel(product, t));
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="search-result"
      data-product-id={product.id}
      data-orderable={String(product.isOrderable)}
      className="flex w-full items-center gap-3 rounded-3xl bg-surface p-2.5 text-start transition-colors hover:bg-surface-2"
    >
      <Picture
        src={product.image}
        width={72}
        height={72}
        className={`size-[4.5rem] shrink-0 rounded-2xl bg-surface-2 object-cover ${reason ? 'opacity-60 grayscale' : ''}`}
      />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-xs text-muted">{category}</span>
        <span
          data-testid="search-result-name"
          className={`line-clamp-2 text-[15px] leading-snug font-semibold ${reason ? 'text-muted' : ''}`}
        >
          <bdi>{pickText(product.name, language)}</bdi>
        </span>
        <span className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm">
          {reason ? (
            <span className="font-semibold text-muted">{t(`menu.reason.${reason}`)}</span>
          ) : (
            <>
              <span className="font-extrabold">{formatSum(product.price)}</span>
              {struckPrice(product) !== null && <s className="text-xs text-muted">{formatSum(struckPrice(product)!)}</s>}
            </>
          )}
          {measure && <span className="text-xs text-muted">{measure}</span>}
        </span>
      </span>
    </button>
  );
}
