import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { contrastText, imageUrl, pickText, validColor, type Group } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { useScrollMemory } from '../../shared/catalogue/scroll-memory.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { DishIcon } from '../../shared/ui/icons.tsx';
import { CategoryBar } from './category-bar.tsx';
import { useServerDrawn } from '../../lib/server-drawn.ts';
import { leadingBlocks, menuArrangement, menuBlocks, sectionsOf, SERVER_DRAWN_PRODUCTS, type MenuBlock } from './menu-layout.ts';
import { MenuSection } from './menu-section.tsx';
import type { MenuProduct } from '../../shared/catalogue/catalogue.api.ts';
import { useScrollSpy } from './scroll-spy.ts';

// A page the server rendered arrives with its menu; the skeleton is for a menu still on its way, so it can come later.
const MenuSkeleton = lazy(() => import('./menu-skeleton.tsx').then((m) => ({ default: m.MenuSkeleton })));
// A menu that could not load or is empty is rare: its message (the kit's empty state) arrives when needed.
const MenuMessage = lazy(() => import('./menu-message.tsx').then((m) => ({ default: m.MenuMessage })));

/**
 * The menu on the home page, arranged as the merchant's settings say: every category with a
 * sticky category bar (ALL), category tiles that open /category (ONE_CATEGORY), or one group at a
 * time (GROUP_CATEGORY); grouped under group headings when groupView is GROUP.
 */
export function Menu() {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  // A failed refresh keeps the menu already shown; the error state is only for a menu that never came.
  const { menu, isPending, refetch } = useMenu();
  const blocks = useMemo(() => (menu ? menuBlocks(menu, settings.groupView) : []), [menu, settings.groupView]);
  const total = menu?.products.length ?? 0;
  const [drawnProducts, revealWhole] = useMenuDrawnInSteps(total);
  const whole = drawnProducts >= total;
  useScrollMemory(Boolean(menu) && whole);

  if (isPending) {
    return (
      <Suspense fallback={null}>
        <MenuSkeleton />
      </Suspense>
    );
  }
  if (!menu) {
    return (
      <Suspense fallback={null}>
        <MenuMessage testId="menu-error" title={t('menu.errorTitle')} text={t('errors.generic')} onRetry={() => void refetch()} />
      </Suspense>
    );
  }
  if (blocks.length === 0) {
    return (
      <Suspense fallback={null}>
        <MenuMessage testId="menu-empty" title={t('menu.emptyTitle')} text={t('menu.emptyText')} />
      </Suspense>
    );
  }

  const arrangement = menuArrangement(settings.categoryView, settings.groupView, blocks);
  const showImages = settings.isCategoryImageVisible;
  return (
    <div data-testid="menu" data-arrangement={arrangement}>
      {arrangement === 'tiles' && <CategoryTiles blocks={blocks} showImages={showImages} />}
      {arrangement === 'group-tabs' && <GroupTabsMenu blocks={blocks} showImages={showImages} />}
      {arrangement === 'all' && (
        <AllCategories
          blocks={blocks}
          grouped={settings.groupView === 'GROUP'}
          showImages={showImages}
          drawnProducts={drawnProducts}
          revealWhole={revealWhole}
        />
      )}
    </div>
  );
}

/** How many products the first frame draws: more than any phone shows before scrolling. */
const FIRST_FRAME_PRODUCTS = 8;
/** How many more each following frame draws: small steps keep every task short on a slow phone. */
const PRODUCTS_PER_STEP = 12;

/**
 * The first frame draws the top of the menu; the rest follows a step per frame, so a long menu
 * neither holds up the first paint nor freezes the page while it is drawn. `revealWhole` draws it
 * all at once, for a jump to a category that is not drawn yet.
 */
function useMenuDrawnInSteps(total: number): [number, () => void] {
  // A page rendered on the server already has the menu (a long one up to SERVER_DRAWN_PRODUCTS, whole sections),
  // which a search engine or a browser without scripts reads; the browser goes on from there in steps.
  const serverDrawn = useServerDrawn();
  const [drawn, setDrawn] = useState(serverDrawn ? SERVER_DRAWN_PRODUCTS : FIRST_FRAME_PRODUCTS);
  useEffect(() => {
    if (total === 0 || drawn >= total) return;
    // After the frame is painted (a frame, then a task), never before it.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setDrawn((n) => n + PRODUCTS_PER_STEP), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [drawn, total]);
  return [drawn, () => flushSync(() => setDrawn(Number.POSITIVE_INFINITY))];
}

function AllCategories({
  blocks,
  grouped,
  showImages,
  drawnProducts = Number.POSITIVE_INFINITY,
  revealWhole,
}: {
  blocks: MenuBlock<MenuProduct>[];
  grouped: boolean;
  showImages: boolean;
  /** Sections are drawn, in order, until they hold this many products. */
  drawnProducts?: number;
  revealWhole?: () => void;
}) {
  const { language } = useTranslation();
  const sections = sectionsOf(blocks);
  const drawn = useMemo(() => leadingBlocks(blocks, drawnProducts), [blocks, drawnProducts]);
  const drawnIds = useMemo(() => sectionsOf(drawn).map((s) => s.category.id), [drawn]);
  const { active, scrollTo } = useScrollSpy(drawnIds);
  const withHeadings = grouped && blocks.length > 1;
  const firstId = drawnIds[0];
  const pick = (id: string) => {
    if (!drawnIds.includes(id)) revealWhole?.();
    scrollTo(id);
  };

  return (
    <>
      <CategoryBar
        items={sections.map((s) => ({
          id: s.category.id,
          label: pickText(s.category.name, language),
          image: showImages ? s.category.image : null,
        }))}
        activeId={active}
        onPick={pick}
      />
      {drawn.map((block, bi) => (
        <div key={block.group?.id ?? `loose-${bi}`} data-testid={block.group ? 'menu-group' : undefined}>
          {withHeadings && block.group && <GroupHeading group={block.group} />}
          {block.sections.map((s) => (
            <MenuSection
              key={s.category.id}
              category={s.category}
              products={s.products}
              showImage={showImages}
              headingLevel={withHeadings ? 3 : 2}
              first={s.category.id === firstId}
            />
          ))}
        </div>
      ))}
    </>
  );
}

/** GROUP_CATEGORY: the groups as tabs; the chosen group's categories below, with their own category bar. */
function GroupTabsMenu({ blocks, showImages }: { blocks: MenuBlock<MenuProduct>[]; showImages: boolean }) {
  const [groupId, setGroupId] = useState(blocks[0]?.group?.id ?? null);
  const block = blocks.find((b) => b.group?.id === groupId) ?? blocks[0]!;
  return (
    <>
      <GroupTiles
        blocks={blocks}
        activeId={block.group?.id ?? null}
        onPick={(b) => {
          setGroupId(b.group?.id ?? null);
        }}
      />
      <AllCategories key={block.group?.id ?? 'loose'} blocks={[block]} grouped={false} showImages={showImages} />
    </>
  );
}

/** ONE_CATEGORY: a tile per category, opening /category?id=. */
function CategoryTiles({ blocks, showImages }: { blocks: MenuBlock<MenuProduct>[]; showImages: boolean }) {
  const { t, language } = useTranslation();
  const grouped = blocks.length > 1 || blocks[0]?.group;
  return (
    <div data-testid="category-tiles">
      {blocks.map((block, bi) => (
        <section key={block.group?.id ?? `loose-${bi}`} className="pt-6">
          {grouped && block.group && <GroupHeading group={block.group} />}
          <ul className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
            {block.sections.map(({ category, products }) => (
              <li key={category.id}>
                <Link
                  to={`/category?id=${encodeURIComponent(category.id)}`}
                  data-testid="category-tile"
                  data-category-id={category.id}
                  className="flex h-full flex-col overflow-hidden rounded-3xl bg-surface p-2 transition-transform active:scale-[0.98]"
                >
                  {(showImages || category.image) && (
                    <img
                      src={imageUrl(category.image, { width: 320, height: 240 })}
                      alt=""
                      width={320}
                      height={240}
                      loading={bi === 0 ? 'eager' : 'lazy'}
                      decoding="async"
                      className="aspect-[4/3] w-full rounded-2xl bg-surface-2 object-cover"
                    />
                  )}
                  <span className="px-1.5 pt-2.5 text-base leading-snug font-bold">{pickText(category.name, language)}</span>
                  <span className="px-1.5 pb-1 text-[13px] text-muted">{t('menu.dishCount', { count: products.length })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** GROUP_CATEGORY: the groups as picture tabs at the top of the menu; a tap shows that group. */
function GroupTiles({
  blocks,
  onPick,
  activeId,
}: {
  blocks: MenuBlock<MenuProduct>[];
  onPick: (b: MenuBlock<MenuProduct>) => void;
  activeId: string | null;
}) {
  const { t, language } = useTranslation();
  return (
    <div
      role="tablist"
      aria-label={t('menu.groups')}
      data-testid="group-tiles"
      className="-mx-4 flex gap-2.5 overflow-x-auto px-4 pt-5 pb-1 [scrollbar-width:none] md:mx-0 md:px-0 [&::-webkit-scrollbar]:hidden"
    >
      {blocks.map((b) => {
        if (!b.group) return null;
        const g = b.group;
        const bg = validColor(g.bgColor, '');
        const active = activeId === g.id;
        return (
          <button
            key={g.id}
            type="button"
            role="tab"
            aria-selected={active}
            data-testid="group-tile"
            onClick={() => onPick(b)}
            className={`flex w-[5.5rem] shrink-0 flex-col items-center gap-1.5 rounded-3xl p-1.5 text-center transition-colors md:w-28 ${active ? 'bg-surface ring-2 ring-brand' : 'opacity-80 hover:opacity-100'}`}
          >
            <span
              className="grid aspect-square w-full place-items-center overflow-hidden rounded-[1.4rem] bg-surface"
              style={bg ? { backgroundColor: bg, color: contrastText(bg) } : undefined}
            >
              {g.image || g.icon ? (
                <img
                  src={imageUrl(g.image || g.icon, { width: 144, height: 144 })}
                  alt=""
                  width={72}
                  height={72}
                  decoding="async"
                  fetchPriority="low"
                  className="size-[78%] object-contain"
                />
              ) : (
                <DishIcon size={30} />
              )}
            </span>
            <span className="line-clamp-2 text-[13px] leading-tight font-semibold">{pickText(g.name, language)}</span>
          </button>
        );
      })}
    </div>
  );
}

function GroupHeading({ group }: { group: Group }) {
  const { language } = useTranslation();
  return (
    <h2 data-testid="group-heading" className="mt-7 -mb-2 text-[13px] font-extrabold tracking-[0.12em] text-muted uppercase first:mt-5">
      {pickText(group.name, language)}
    </h2>
  );
}
