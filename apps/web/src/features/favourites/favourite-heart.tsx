import { useEffect, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HEART_BOX, type FavouriteHeartProps } from '../../shared/catalogue/favourite-slot.tsx';
import { productPath } from '../../shared/catalogue/product-link.ts';
import { LOGIN_PATH, loginReturnState } from '../../shared/session/login-link.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { useFavouriteIds, useToggleFavourite } from './favourites.api.ts';
import { HeartIcon } from './favourite-icons.tsx';

/**
 * The product a guest hearted before logging in (`id time`): marked once they are back, by the first heart of it drawn,
 * if that is within the login's while (a guest who walked away and logs in much later has not asked for it now).
 */
const INTENT_KEY = 'dx:favourite-after-login';
const INTENT_MS = 30 * 60_000;

function takeIntent(productId: string): boolean {
  const [id, at] = (readStored(INTENT_KEY, 'session') ?? '').split(' ');
  if (id !== productId) return false;
  writeStored(INTENT_KEY, '', 'session');
  const age = Date.now() - Number(at);
  return age >= 0 && age < INTENT_MS;
}

/**
 * The heart on a product card and page (issue 31): a customer marks or clears a favourite with one tap (at once on the
 * screen, put back if the server refuses); a guest is asked to log in, and the login brings them to the product's page
 * with the product marked, as they asked.
 */
export function FavouriteHeart({ product, place }: FavouriteHeartProps) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const ids = useFavouriteIds();
  const toggle = useToggleFavourite();
  const on = loggedIn && ids.has(product.id);
  const name = pickText(product.name, language);

  useEffect(() => {
    if (loggedIn && takeIntent(product.id)) toggle(product, true);
  }, [loggedIn, product, toggle]);

  const press = (event: MouseEvent) => {
    // The card's link covers the card: the heart is not a tap on the product.
    event.preventDefault();
    event.stopPropagation();
    if (!loggedIn) {
      toast(t('favourites.guest'), 'info', {
        label: t('favourites.guestLogin'),
        run: () => {
          writeStored(INTENT_KEY, `${product.id} ${Date.now()}`, 'session');
          void navigate(LOGIN_PATH, { state: loginReturnState({ pathname: productPath(product.id), search: '' }) });
        },
      });
      return;
    }
    toggle(product, !on);
  };

  const card = place === 'card';
  return (
    <button
      type="button"
      onClick={press}
      aria-pressed={on}
      aria-label={on ? t('favourites.remove', { name }) : t('favourites.add', { name })}
      data-testid="favourite-heart"
      data-on={String(on)}
      className={`relative z-10 grid shrink-0 place-items-center rounded-full transition-[color,background-color,transform] active:scale-90 ${
        HEART_BOX[place]
      } ${card ? '' : 'bg-surface-2 hover:bg-line'} ${on ? 'text-red-600 dark:text-red-400' : 'text-muted hover:text-ink'}`}
    >
      <HeartIcon size={card ? 21 : 24} filled={on} />
    </button>
  );
}
