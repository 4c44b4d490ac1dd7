import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkRoom, menuAvailability, pickText, struckPrice, type Product } from '@dasturxon/domain';
import { NotFoundPage } from '../../app/pages/not-found-page.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { productCountIn, useBasket } from '../../shared/basket/basket-store.ts';
import { unavailableReason } from '../../shared/catalogue/availability.ts';
import { useChosenBranchId } from '../../shared/catalogue/chosen-branch.ts';
import { measureLabel } from '../../shared/catalogue/measure.ts';
import { Picture } from '../../shared/catalogue/picture.tsx';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { productPath } from '../../shared/catalogue/product-link.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { BackLink, LoadFailed } from '../../shared/ui/page-parts.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { FavouriteHeart } from './favourite-heart.tsx';
import { HeartIcon } from './favourite-icons.tsx';
import { useFavourites } from './favourites.api.ts';

/**
 * `/profile/favorites` (issue 31, spec section 2): the customer's favourite products, the latest first, each with its
 * price for the chosen branch, a way to put it in the basket and the heart that takes it off the list. With the brand's
 * favouriteActive off the address is the 404 page.
 */
export function FavouritesPage() {
  const settings = useMerchantSettings();
  const loggedIn = useIsLoggedIn();
  if (!settings.favouriteActive) return <NotFoundPage />;
  if (!loggedIn) return <LoginPrompt />;
  return <FavouriteList />;
}

function FavouriteList() {
  const { t } = useTranslation();
  const branchId = useChosenBranchId();
  const { data, isPending, error, refetch } = useFavourites();
  useEffect(() => {
    document.title = t('favourites.title');
  }, [t]);

  return (
    <div data-testid="favourites-page" className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <BackLink to="/profile" label={t('cards.backToProfile')} />
      <h1 className="mt-2 mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('favourites.title')}</h1>
      {isPending ? (
        <PageSpinner />
      ) : error ? (
        <LoadFailed testId="favourites-error" icon={<HeartIcon size={28} />} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState
          testId="favourites-empty"
          framed
          icon={<HeartIcon size={28} />}
          title={t('favourites.emptyTitle')}
          text={t('favourites.emptyText')}
          action={
            <Link to="/" data-testid="favourites-to-menu" className={buttonClass({ variant: 'secondary' })}>
              {t('favourites.toMenu')}
            </Link>
          }
        />
      ) : (
        <ul data-testid="favourites-list" className="flex flex-col gap-3">
          {data.map((product) => (
            <FavouriteRow key={product.id} product={{ ...product, ...menuAvailability(product, branchId) }} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FavouriteRow({ product }: { product: Product }) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  const numberText = useNumberText();
  const navigate = useNavigate();
  const basket = useBasket();
  const reason = unavailableReason(product);
  const measure = numberText(measureLabel(product, t));
  const struck = struckPrice(product);
  const withChoices = product.modificationGroups.length > 0;

  const add = () => {
    // A product with choices is chosen on its page; the rest go to the basket from here, on the quote's stock rule.
    if (withChoices) {
      void navigate(productPath(product.id));
      return;
    }
    const room = checkRoom({ orderable: product.isOrderable, count: product.count }, 1, productCountIn(basket.lines, product.id));
    if (!room.ok) {
      toast(room.reason === 'NOT_ENOUGH' ? t('product.notEnough', { max: room.max }) : t('errors.PRODUCT_NOT_AVAILABLE'), 'error');
      return;
    }
    basket.add({ productId: product.id });
    toast(t('product.added'), 'success');
  };

  return (
    <li
      data-testid="favourite-item"
      data-product-id={product.id}
      className="relative flex items-center gap-3 rounded-3xl bg-surface p-2.5 shadow-[0_1px_2px_rgb(0_0_0/0.04)]"
    >
      <div className="relative size-[84px] shrink-0 overflow-hidden rounded-2xl bg-surface-2">
        <Picture
          src={product.image}
          width={84}
          height={84}
          sizes="84px"
          className={`size-full object-cover ${reason ? 'opacity-60 grayscale' : ''}`}
        />
      </div>
      <div className="min-w-0 flex-1 py-0.5">
        <h2 className="line-clamp-2 text-[15px] leading-snug font-semibold">
          <Link
            to={productPath(product.id)}
            className="after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ink"
          >
            <bdi>{pickText(product.name, language)}</bdi>
          </Link>
        </h2>
        {measure && <p className="mt-0.5 text-[13px] text-muted">{measure}</p>}
        {reason ? (
          <p data-testid="favourite-unavailable" className="mt-1.5 text-[13px] font-semibold text-muted">
            {t(`menu.reason.${reason}`)}
          </p>
        ) : (
          <p className="mt-1.5 flex flex-wrap items-baseline gap-x-1.5">
            <span className="font-extrabold whitespace-nowrap" data-testid="favourite-price">
              {formatSum(product.price)}
            </span>
            {struck !== null && <s className="text-[13px] whitespace-nowrap text-muted">{formatSum(struck)}</s>}
          </p>
        )}
      </div>
      <div className="relative z-10 flex shrink-0 flex-col items-end gap-2 self-stretch justify-between">
        <FavouriteHeart product={product} place="card" />
        {!reason && (
          <button
            type="button"
            onClick={add}
            data-testid="favourite-add"
            className="inline-flex h-9 items-center justify-center rounded-full bg-brand px-3.5 text-[14px] font-bold text-on-brand active:scale-[0.98]"
          >
            {withChoices ? t('menu.choose') : t('menu.add')}
          </button>
        )}
      </div>
    </li>
  );
}
