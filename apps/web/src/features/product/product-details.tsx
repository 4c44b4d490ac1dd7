import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  formatNumber,
  imageUrl,
  pickText,
  PRODUCT_PICTURE,
  PRODUCT_SHEET_PICTURE_SIZES,
  showsAverage,
  struckPrice,
  type ModificationGroup,
} from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { productCountIn, useBasket } from '../../shared/basket/basket-store.ts';
import { unavailableReason } from '../../shared/catalogue/availability.ts';
import { useGrades, type MenuProduct } from '../../shared/catalogue/catalogue.api.ts';
import { measureLabel } from '../../shared/catalogue/measure.ts';
import { Picture } from '../../shared/catalogue/picture.tsx';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { FavouriteSlot } from '../../shared/catalogue/favourite-slot.tsx';
import { productPath } from '../../shared/catalogue/product-link.ts';
import { shareLink } from '../../shared/catalogue/share.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { ClockIcon } from '../../shared/ui/icons.tsx';
import { CheckIcon } from '../../shared/ui/more-icons.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useTelegramMainButton } from '../../shared/telegram/main-button.ts';
import {
  choicePrice,
  choiceProblems,
  choiceRoom,
  chosenList,
  modificationPrice,
  toggleModification,
  type Chosen,
  defaultChoice,
} from './product-choice.ts';
import { FlameIcon, MinusIcon, PlusIcon, ScaleIcon, StarIcon } from './product-icons.tsx';

// The comments (issue 31) load with their own chunk: the product sheet stays light.
const ProductReviews = lazy(() => import('../../shared/grades/product-reviews.tsx').then((m) => ({ default: m.ProductReviews })));

export type DetailsLayout = 'sheet' | 'popup' | 'page';
type TitleComponent = ComponentType<{ className?: string; children: ReactNode }>;

/**
 * Everything about one product and the way to order it: gallery, name, measure, calories, cooking
 * time, grade, description, the modification groups with their rules, quantity, and the add button
 * showing what the line will cost. The same in the sheet, the pop-up and the page.
 */
export function ProductDetails({
  product,
  layout,
  Title,
  withoutCart = false,
  onAdded,
}: {
  product: MenuProduct;
  layout: DetailsLayout;
  Title: TitleComponent;
  withoutCart?: boolean;
  onAdded: () => void;
}) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  const settings = useMerchantSettings();
  const basket = useBasket();
  const [chosen, setChosen] = useState<Chosen>(() => defaultChoice(product));
  const [quantity, setQuantity] = useState(1);
  const [refusedGroup, setRefusedGroup] = useState<string | null>(null);
  const [stockMessage, setStockMessage] = useState<string | null>(null);

  const name = pickText(product.name, language);
  const reason = unavailableReason(product);
  const groups = [...product.modificationGroups].sort((a, b) => a.priority - b.priority);
  const problems = choiceProblems(product, chosen);
  const missing = groups.filter((g) => problems.some((p) => p.code === 'MODIFICATION_MIN' && p.details?.groupId === g.id));
  const inBasket = productCountIn(basket.lines, product.id);
  const price = choicePrice(product, chosen, quantity);
  const canAdd = !reason && !withoutCart && problems.length === 0 && choiceRoom(product, quantity, inBasket).ok && quantity > 0;
  // Every unit the stock has is in the basket already.
  const soldOutForYou = !reason && !choiceRoom(product, 1, inBasket).ok;

  const toggle = (id: string) => {
    const result = toggleModification(product, chosen, id);
    setChosen(result.chosen);
    setRefusedGroup(result.refused ? result.refused.groupId : null);
  };

  const changeQuantity = (next: number) => {
    if (next < 1) return;
    const room = choiceRoom(product, next, inBasket);
    if (!room.ok && room.reason === 'NOT_ENOUGH') {
      setStockMessage(t('product.notEnough', { max: room.max }));
      return;
    }
    setStockMessage(null);
    setQuantity(next);
  };

  const add = () => {
    if (!canAdd) return;
    basket.add({ productId: product.id, count: quantity, modifications: chosenList(chosen) });
    toast(t('product.added'), 'success');
    onAdded();
  };

  const share = async () => {
    const url = new URL(productPath(product.id), window.location.href).toString();
    const result = await shareLink({ share: navigator.share?.bind(navigator), clipboard: navigator.clipboard }, name, url);
    if (result === 'copied') toast(t('product.copied'), 'success');
    else if (result === 'failed') toast(url, 'info');
  };

  const info = (
    <div className={layout === 'page' ? '' : 'px-5 pt-4 pb-6'}>
      <Labels product={product} />
      <Title
        className={`${layout === 'page' ? 'text-[28px] md:text-4xl' : 'text-2xl'} leading-tight font-extrabold tracking-tight text-balance`}
      >
        <bdi>{name}</bdi>
      </Title>
      <p className="mt-1.5 flex flex-wrap items-baseline gap-x-2" data-testid="product-price">
        <span className="text-xl font-extrabold">{formatSum(product.price)}</span>
        {struckPrice(product) !== null && <s className="text-[15px] text-muted">{formatSum(struckPrice(product)!)}</s>}
        <button
          type="button"
          data-testid="product-share"
          className="ms-auto text-[15px] font-semibold text-muted underline underline-offset-2"
          onClick={() => void share()}
        >
          {t('product.share')}
        </button>
        <span className="self-center">
          <FavouriteSlot product={product} place="page" />
        </span>
      </p>
      <Facts product={product} />
      {pickText(product.description, language) && (
        <p data-testid="product-description" className="mt-3 text-[15px] leading-relaxed whitespace-pre-line text-muted">
          <bdi>{pickText(product.description, language)}</bdi>
        </p>
      )}
      {!reason &&
        groups.map((g) => (
          <ModificationGroupView
            key={g.id}
            group={g}
            chosen={chosen}
            refused={refusedGroup === g.id}
            fullImage={settings.modificationViewType === 'FULL_IMAGE' && g.modifications.some((m) => m.image)}
            discount={product.discount}
            onToggle={toggle}
          />
        ))}
      {settings.productComment && (
        <Suspense fallback={null}>
          <ProductReviews productId={product.id} />
        </Suspense>
      )}
    </div>
  );

  // Inside Telegram "add to basket" is Telegram's MainButton; the quantity stays on the page.
  const inMainButton = useTelegramMainButton(
    withoutCart || reason ? null : { text: `${t('product.add')} · ${formatSum(price.net)}`, onClick: add, disabled: !canAdd },
  );

  const footer = withoutCart ? null : (
    <div
      data-testid="product-footer"
      data-sticky-bar
      className={
        layout === 'page'
          ? 'fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md md:static md:z-auto md:mt-8 md:rounded-3xl md:border md:p-4'
          : 'shrink-0 border-t border-line bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]'
      }
    >
      {reason ? (
        <div
          data-testid="product-unavailable"
          role="status"
          className="flex min-h-13 flex-col items-center justify-center rounded-2xl bg-surface-2 px-4 py-2 text-center"
        >
          <span className="text-[15px] font-bold">{t('product.notAvailable')}</span>
          <span className="text-[13px] text-muted">{t(`menu.reason.${reason}`)}</span>
        </div>
      ) : (
        <>
          {(missing.length > 0 || stockMessage || soldOutForYou) && (
            <p
              role={stockMessage || soldOutForYou ? 'alert' : 'status'}
              data-testid={stockMessage || soldOutForYou ? 'product-stock-message' : 'product-missing'}
              className={`mb-2.5 text-center text-[13px] font-semibold ${stockMessage || soldOutForYou ? 'text-red-600 dark:text-red-400' : 'text-muted'}`}
            >
              {stockMessage ??
                (soldOutForYou
                  ? t('product.notEnough', { max: 0 })
                  : t('product.chooseFirst', { names: missing.map((g) => pickText(g.name, language)).join(', ') }))}
            </p>
          )}
          <div className="flex items-center gap-3">
            <div className="flex h-13 shrink-0 items-center rounded-2xl bg-surface-2" data-testid="product-quantity">
              <button
                type="button"
                onClick={() => changeQuantity(quantity - 1)}
                disabled={quantity <= 1}
                aria-label={t('menu.less')}
                className="grid h-13 w-11 place-items-center rounded-2xl disabled:opacity-35"
              >
                <MinusIcon size={20} />
              </button>
              <output
                data-testid="product-quantity-value"
                aria-live="polite"
                className="min-w-7 text-center text-lg font-extrabold tabular-nums"
              >
                {quantity}
              </output>
              <button
                type="button"
                onClick={() => changeQuantity(quantity + 1)}
                aria-label={t('menu.more')}
                data-testid="product-quantity-plus"
                className="grid h-13 w-11 place-items-center rounded-2xl"
              >
                <PlusIcon size={20} />
              </button>
            </div>
            {!inMainButton && (
              <button
                type="button"
                data-testid="product-add"
                disabled={!canAdd}
                onClick={add}
                className="flex h-13 min-w-0 flex-1 items-center justify-between gap-2 rounded-2xl bg-brand px-4 text-on-brand shadow-sm transition-[filter,opacity] hover:brightness-95 active:brightness-90 disabled:cursor-not-allowed disabled:opacity-45 disabled:hover:brightness-100"
              >
                <span className="truncate text-[15px] font-bold">{t('product.add')}</span>
                <span data-testid="product-total" className="shrink-0 text-[15px] font-extrabold whitespace-nowrap tabular-nums">
                  {formatSum(price.net)}
                </span>
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );

  const gallery = <Gallery product={product} name={name} layout={layout} dimmed={Boolean(reason)} />;

  if (layout === 'page') {
    return (
      <div data-testid="product-details" data-product-id={product.id} className="pb-32 md:grid md:grid-cols-2 md:gap-10 md:pb-0">
        <div className="md:sticky md:top-24 md:self-start">{gallery}</div>
        <div className="pt-5 md:pt-2">
          {info}
          {footer}
        </div>
      </div>
    );
  }
  return (
    <>
      <div
        data-testid="product-details"
        data-product-id={product.id}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain md:grid md:grid-cols-2 md:items-start"
      >
        <div className={layout === 'popup' ? 'md:sticky md:top-0 md:p-4 md:pe-0' : ''}>{gallery}</div>
        {info}
      </div>
      {footer}
    </>
  );
}

function Labels({ product }: { product: MenuProduct }) {
  const { language } = useTranslation();
  const labels = product.labels.map((l) => pickText(l, language)).filter(Boolean);
  if (!labels.length && !product.discount) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-1.5">
      {product.discount > 0 && (
        <li dir="ltr" className="rounded-full bg-brand px-2.5 py-0.5 text-xs font-extrabold text-on-brand">
          −{Math.round(product.discount)}%
        </li>
      )}
      {labels.map((l) => (
        <li key={l} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-bold">
          {l}
        </li>
      ))}
    </ul>
  );
}

/** Measure, calories, cooking time and the customers' grade, each only when known. */
function Facts({ product }: { product: MenuProduct }) {
  const { t } = useTranslation();
  const numberText = useNumberText();
  const grades = useGrades();
  const grade = grades.data?.find((g) => g.productId === product.id);
  const measure = measureLabel(product, t);
  const time =
    product.timeCookingMin !== null && product.timeCookingMax !== null && product.timeCookingMax > 0
      ? t('product.cookingTime', { min: product.timeCookingMin, max: product.timeCookingMax })
      : null;
  const facts: { key: string; icon: ReactNode; text: string }[] = [];
  // The average shows once enough customers graded (GRADE_MIN_COUNT).
  if (grade && showsAverage(grade.count))
    facts.push({
      key: 'grade',
      icon: <StarIcon size={16} className="text-amber-500" />,
      text: `${formatNumber(grade.grade)} · ${t('product.grades', { count: grade.count })}`,
    });
  if (measure) facts.push({ key: 'measure', icon: <ScaleIcon size={16} />, text: measure });
  if (product.calorie)
    facts.push({ key: 'calorie', icon: <FlameIcon size={16} />, text: t('product.calories', { value: formatNumber(product.calorie) }) });
  if (time) facts.push({ key: 'time', icon: <ClockIcon size={16} />, text: time });
  if (!facts.length) return null;
  return (
    <ul data-testid="product-facts" className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted">
      {facts.map((f) => (
        <li key={f.key} data-testid={`product-fact-${f.key}`} className="flex items-center gap-1.5">
          {f.icon}
          {numberText(f.text)}
        </li>
      ))}
    </ul>
  );
}

/** The product's pictures: swipe between them (scroll-snap), with dots. */
function Gallery({ product, name, layout, dimmed }: { product: MenuProduct; name: string; layout: DetailsLayout; dimmed: boolean }) {
  const images = [...new Set([product.image, ...product.gallery].filter(Boolean))];
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const root = track.current;
    if (!root || images.length < 2) return;
    const observer = new IntersectionObserver(
      (entries) => entries.forEach((e) => e.isIntersecting && setCurrent(Number((e.target as HTMLElement).dataset.index))),
      { root, threshold: 0.6 },
    );
    root.querySelectorAll('[data-index]').forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [images.length]);

  const box = layout === 'sheet' ? 'aspect-[4/3] md:aspect-square' : 'aspect-square';
  return (
    <div className={`relative overflow-hidden bg-surface-2 ${layout === 'sheet' ? '' : 'rounded-3xl'}`} data-testid="product-gallery">
      <ul ref={track} className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {(images.length ? images : ['']).map((src, i) => (
          <li key={src || i} data-index={i} className={`w-full shrink-0 snap-center ${box}`}>
            <Picture
              src={src}
              width={PRODUCT_PICTURE.width}
              height={PRODUCT_PICTURE.height}
              sizes={layout === 'page' ? PRODUCT_PICTURE.sizes : PRODUCT_SHEET_PICTURE_SIZES}
              alt={i === 0 ? name : ''}
              loading={i === 0 ? 'first' : 'lazy'}
              className={`size-full object-contain ${dimmed ? 'opacity-60 grayscale' : ''}`}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <div aria-hidden="true" className="absolute inset-x-0 bottom-3 flex justify-center">
          <span className="flex gap-1.5 rounded-full bg-black/30 px-2 py-1.5 backdrop-blur-sm">
            {images.map((src, i) => (
              <span key={src} className={`h-1.5 rounded-full transition-all ${i === current ? 'w-4 bg-white' : 'w-1.5 bg-white/50'}`} />
            ))}
          </span>
        </div>
      )}
    </div>
  );
}

/**
 * One modification group: radios when at most one may be chosen, checkboxes up to the maximum.
 * Its hint says the rule, and turns into the rule's message when the choice breaks it.
 */
function ModificationGroupView({
  group,
  chosen,
  refused,
  fullImage,
  discount,
  onToggle,
}: {
  group: ModificationGroup;
  chosen: Chosen;
  refused: boolean;
  fullImage: boolean;
  discount: number;
  onToggle: (id: string) => void;
}) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  const mods = [...group.modifications].sort((a, b) => a.priority - b.priority);
  const count = mods.reduce((n, m) => n + (chosen[m.id] ?? 0), 0);
  const radio = group.max === 1;
  const required = group.min > 0;
  const met = count >= group.min;
  const full = !radio && group.max > 0 && count >= group.max;
  const hint = refused
    ? t('product.maxMessage', { max: group.max })
    : !met
      ? t('product.minMessage', { min: group.min })
      : radio
        ? t('product.chooseOne')
        : t('product.upTo', { max: group.max });

  return (
    <fieldset data-testid="modification-group" data-group-id={group.id} data-met={met ? 'true' : 'false'} className="mt-6">
      <legend className="flex w-full items-center gap-2">
        <span className="min-w-0 flex-1 text-lg font-extrabold tracking-tight">{pickText(group.name, language)}</span>
        {required && (
          <span
            className={`flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${met ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-400' : 'bg-brand/15 text-ink'}`}
          >
            {met && <CheckIcon size={14} />}
            {t('product.required')}
          </span>
        )}
      </legend>
      <p
        data-testid="modification-group-hint"
        data-state={refused ? 'error' : !met ? 'required' : 'ok'}
        aria-live="polite"
        className={`mt-0.5 text-[13px] ${refused ? 'font-semibold text-red-600 dark:text-red-400' : 'text-muted'}`}
      >
        {hint}
      </p>
      <ul className={fullImage ? 'mt-3 grid grid-cols-3 gap-2' : 'mt-2 flex flex-col'}>
        {mods.map((m) => {
          const on = (chosen[m.id] ?? 0) > 0;
          const blocked = !on && full;
          const label = pickText(m.name, language);
          const extra = m.price > 0 ? formatSum(modificationPrice(m.price, discount), { sign: '+' }) : '';
          const input = (
            <input
              type={radio ? 'radio' : 'checkbox'}
              name={`group-${group.id}`}
              checked={on}
              onChange={() => undefined}
              onClick={() => onToggle(m.id)}
              aria-disabled={blocked || undefined}
              className="peer sr-only"
            />
          );
          if (fullImage) {
            return (
              <li key={m.id}>
                <label
                  data-testid="modification-option"
                  data-modification-id={m.id}
                  className={`relative flex h-full cursor-pointer flex-col items-center rounded-2xl border-2 p-2 text-center transition-colors has-[:focus-visible]:outline-2 ${
                    on ? 'border-brand bg-brand/10' : 'border-transparent bg-surface-2'
                  } ${blocked ? 'opacity-50' : ''}`}
                >
                  {input}
                  {m.image ? (
                    <img
                      src={imageUrl(m.image, { width: 144, height: 144 })}
                      alt=""
                      width={64}
                      height={64}
                      loading="lazy"
                      className="size-16 rounded-xl object-cover"
                    />
                  ) : (
                    <span className="size-16 rounded-xl bg-surface" />
                  )}
                  <span className="mt-1.5 line-clamp-2 text-[13px] leading-tight font-semibold">{label}</span>
                  {extra && <span className="mt-0.5 text-xs text-muted">{extra}</span>}
                  {on && (
                    <span className="absolute end-1.5 top-1.5 grid size-5 place-items-center rounded-full bg-brand text-on-brand">
                      <CheckIcon size={13} strokeWidth={3} />
                    </span>
                  )}
                </label>
              </li>
            );
          }
          return (
            <li key={m.id} className="border-b border-line last:border-b-0">
              <label
                data-testid="modification-option"
                data-modification-id={m.id}
                className={`relative flex min-h-13 cursor-pointer items-center gap-3 py-2 ${blocked ? 'opacity-45' : ''}`}
              >
                {input}
                <span
                  aria-hidden="true"
                  className={`grid size-6 shrink-0 place-items-center border-2 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ${radio ? 'rounded-full' : 'rounded-lg'} ${
                    on ? 'border-brand bg-brand text-on-brand' : 'border-muted/50'
                  }`}
                >
                  {on && (radio ? <span className="size-2.5 rounded-full bg-on-brand" /> : <CheckIcon size={15} strokeWidth={3} />)}
                </span>
                <span className="min-w-0 flex-1 text-[15px]">{label}</span>
                {extra && <span className="shrink-0 text-[15px] text-muted tabular-nums">{extra}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
