import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPhone, htmlLangOf, type UiLanguage, type User } from '@dasturxon/domain';
import { useLanguage, useTranslation } from '../../i18n/i18n.ts';
import { useChangeLanguage } from '../../i18n/use-change-language.ts';
import { LANGUAGE_MARKS, LANGUAGE_NAMES, switchableLanguages } from '../../i18n/languages.ts';
import { useBoot } from '../../shared/merchant/boot.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { deleteAccount, logOut } from '../../shared/session/account-actions.ts';
import { useMe } from '../../shared/session/session.api.ts';
import { UserIcon } from '../../shared/session/session-icons.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { AlertIcon, BagIcon, ClockIcon, GlobeIcon, MapPinIcon } from '../../shared/ui/icons.tsx';
import { BellIcon, CheckIcon, ChevronEndIcon, TicketIcon } from '../../shared/ui/more-icons.tsx';
import { BottomSheet } from '../../shared/ui/bottom-sheet.tsx';
import { ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { useShowFailure, worthRetrying } from '../../shared/ui/failed-call.ts';
import { CardIcon, HeartIcon, IdCardIcon, LogoutIcon, TrashIcon } from './profile-icons.tsx';
import { pageExists } from '../../shared/navigation.ts';
import { CashbackCard } from './cashback-card.tsx';
import { DeletionNotice, useDeletionCheck } from './deletion-notice.tsx';
import { lazyPage } from '../../lib/chunk-reload.ts';

// The unread count and its calls arrive only where the brand has notifications on (see unread-badge.tsx).
const UnreadBadge = lazyPage(() => import('../../shared/notifications/unread-badge.tsx').then((m) => m.UnreadBadge));

/** `/profile`: the customer's corner; a guest is asked to log in. */
export function ProfilePage() {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? <CustomerProfile /> : <LoginPrompt />;
}

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>): string => `${user.firstName} ${user.lastName}`.trim();

function initials(user: Pick<User, 'firstName' | 'lastName'>): string {
  const letters = [user.firstName, user.lastName].map((s) => s.trim().charAt(0)).join('');
  return letters.toUpperCase();
}

function CustomerProfile() {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  const { inTelegram } = useBoot();
  const language = useLanguage();
  const { data: user } = useMe();
  const errorText = useErrorText();
  const showFailure = useShowFailure();
  const [sheet, setSheet] = useState<'language' | 'logout' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deletion = useDeletionCheck(sheet === 'delete');
  if (!user) return null;

  const languages = switchableLanguages(settings, inTelegram);
  const name = fullName(user);
  const open = (which: typeof sheet) => {
    setError(null);
    setSheet(which);
  };

  const confirmLogout = async () => {
    setBusy(true);
    await logOut();
  };
  const confirmDelete = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount();
    } catch (failure) {
      setBusy(false);
      // No connection or no answer: the shared notice with a retry; the catalogue's refusal stays in the sheet.
      if (worthRetrying(failure)) showFailure(failure, () => void confirmDelete());
      else setError(errorText(failure));
    }
  };

  return (
    <div data-testid="profile-page" className="mx-auto w-full max-w-xl px-4 pt-5 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <h1 className="sr-only">{t('profile.title')}</h1>

      <Link
        to="/profile/user"
        data-testid="profile-card"
        className="flex items-center gap-4 rounded-3xl border border-line bg-surface p-4 shadow-[0_1px_2px_rgb(0_0_0/0.04)] transition-colors hover:bg-surface-2"
      >
        <span
          aria-hidden="true"
          className="grid size-16 shrink-0 place-items-center rounded-full bg-brand text-2xl font-extrabold text-on-brand"
        >
          {initials(user) || <UserIcon size={30} />}
        </span>
        <span className="min-w-0 flex-1">
          <span data-testid="profile-name" className={`block truncate text-lg leading-snug font-extrabold ${name ? '' : 'text-muted'}`}>
            {name || t('profile.noName')}
          </span>
          <span className="mt-0.5 block text-[15px] text-muted tabular-nums">
            <bdi dir="ltr" data-testid="profile-phone">
              {formatPhone(user.phone)}
            </bdi>
          </span>
        </span>
        <ChevronEndIcon size={20} className="shrink-0 text-muted rtl:-scale-x-100" />
      </Link>

      {/* The balance shows where balanceActive says so; how cashback is earned, where the brand runs it (cashbackActive). */}
      {settings.balanceActive && <CashbackCard user={user} earns={settings.cashbackActive} />}

      <MenuGroup>
        <MenuLink to="/profile/user" testId="profile-link-user" icon={<IdCardIcon />} label={t('profile.menu.user')} />
        <MenuLink to="/profile/orders" testId="profile-link-orders" icon={<BagIcon />} label={t('profile.menu.orders')} />
        {settings.chatActive && (
          <MenuLink to="/profile/chat" testId="profile-link-chat" icon={<BellIcon />} label={t('profile.menu.chat')} />
        )}
        {settings.bookingActive && (
          <MenuLink
            to="/profile/reservations"
            testId="profile-link-reservations"
            icon={<ClockIcon />}
            label={t('profile.menu.reservations')}
          />
        )}
        {settings.notificationsActive && (
          <MenuLink
            to="/profile/notifications"
            testId="profile-link-notifications"
            icon={<BellIcon />}
            label={t('profile.menu.notifications')}
            badge={
              <Suspense fallback={null}>
                <UnreadBadge testId="profile-link-notifications-badge" />
              </Suspense>
            }
          />
        )}
        {settings.deliveryActive && (
          <MenuLink to="/profile/address" testId="profile-link-addresses" icon={<MapPinIcon />} label={t('profile.menu.addresses')} />
        )}
        {settings.promoActive && (
          <MenuLink to="/profile/promos" testId="profile-link-promos" icon={<TicketIcon />} label={t('profile.menu.promos')} />
        )}
        {settings.favouriteActive && (
          <MenuLink to="/profile/favorites" testId="profile-link-favorites" icon={<HeartIcon />} label={t('profile.menu.favorites')} />
        )}
        {settings.cardActive && (
          <MenuLink to="/profile/cards" testId="profile-link-cards" icon={<CardIcon />} label={t('profile.menu.cards')} />
        )}
      </MenuGroup>

      {languages.length > 1 && (
        <MenuGroup>
          <MenuButton
            testId="profile-language"
            icon={<GlobeIcon />}
            label={t('profile.menu.language')}
            value={LANGUAGE_NAMES[language]}
            onClick={() => open('language')}
          />
        </MenuGroup>
      )}

      <MenuGroup>
        <MenuButton testId="profile-logout" icon={<LogoutIcon />} label={t('profile.menu.logout')} onClick={() => open('logout')} />
        <MenuButton testId="profile-delete" icon={<TrashIcon />} label={t('profile.menu.delete')} danger onClick={() => open('delete')} />
      </MenuGroup>

      <LanguageSheet open={sheet === 'language'} onOpenChange={(o) => setSheet(o ? 'language' : null)} languages={languages} />
      <ConfirmSheet
        open={sheet === 'logout'}
        onOpenChange={(o) => setSheet(o ? 'logout' : null)}
        testId="logout-sheet"
        icon={<LogoutIcon size={28} />}
        title={t('profile.logout.title')}
        text={t('profile.logout.text')}
        confirmLabel={t('profile.logout.confirm')}
        cancelLabel={t('profile.cancel')}
        busy={busy}
        onConfirm={() => void confirmLogout()}
      />
      <ConfirmSheet
        open={sheet === 'delete'}
        onOpenChange={(o) => setSheet(o ? 'delete' : null)}
        testId="delete-sheet"
        icon={<AlertIcon size={28} />}
        title={t('profile.delete.title')}
        text={t('profile.delete.text')}
        confirmLabel={t('profile.delete.confirm')}
        cancelLabel={t('profile.cancel')}
        danger
        busy={busy}
        error={error}
        confirmDisabled={deletion?.refused}
        onConfirm={() => void confirmDelete()}
      >
        <DeletionNotice check={deletion} />
      </ConfirmSheet>
    </div>
  );
}

function MenuGroup({ children }: { children: ReactNode }) {
  return <ul className="mt-4 divide-y divide-line overflow-hidden rounded-3xl border border-line bg-surface">{children}</ul>;
}

const rowClass =
  'flex min-h-14 w-full items-center gap-3.5 px-4 py-3 text-start text-[16px] font-semibold transition-colors hover:bg-surface-2 focus-visible:bg-surface-2';

function RowIcon({ children, danger }: { children: ReactNode; danger?: boolean }) {
  return (
    <span
      className={`grid size-10 shrink-0 place-items-center rounded-xl ${danger ? 'bg-red-600/10 text-red-600 dark:text-red-400' : 'bg-surface-2 text-ink'}`}
    >
      {children}
    </span>
  );
}

/** An entry of the profile's menu, with what is new there (`badge`); hidden while its page is still to come (shared/navigation.ts). */
function MenuLink({ to, icon, label, testId, badge }: { to: string; icon: ReactNode; label: string; testId: string; badge?: ReactNode }) {
  if (!pageExists(to)) return null;
  return (
    <li>
      <Link to={to} data-testid={testId} className={rowClass}>
        <RowIcon>{icon}</RowIcon>
        <span className="flex-1">{label}</span>
        {badge}
        <ChevronEndIcon size={20} className="text-muted rtl:-scale-x-100" />
      </Link>
    </li>
  );
}

function MenuButton({
  icon,
  label,
  value,
  danger,
  testId,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  value?: string;
  danger?: boolean;
  testId: string;
  onClick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        data-testid={testId}
        onClick={onClick}
        className={`${rowClass} ${danger ? 'text-red-600 dark:text-red-400' : ''}`}
      >
        <RowIcon danger={danger}>{icon}</RowIcon>
        <span className="flex-1">{label}</span>
        {value && <span className="text-[15px] font-medium text-muted">{value}</span>}
        {!danger && <ChevronEndIcon size={20} className="text-muted rtl:-scale-x-100" />}
      </button>
    </li>
  );
}

function LanguageSheet({
  open,
  onOpenChange,
  languages,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  languages: UiLanguage[];
}) {
  const { t } = useTranslation();
  const current = useLanguage();
  const changeLanguage = useChangeLanguage();
  const choose = (lang: UiLanguage) => {
    onOpenChange(false);
    void changeLanguage(lang);
  };
  return (
    <BottomSheet open={open} onOpenChange={onOpenChange} testId="language-sheet" title={t('profile.language.title')}>
      <ul role="radiogroup" aria-label={t('profile.language.title')} className="mt-4 flex flex-col gap-1.5">
        {languages.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              role="radio"
              aria-checked={lang === current}
              data-testid={`profile-language-${lang}`}
              lang={htmlLangOf(lang)}
              onClick={() => choose(lang)}
              className="flex h-14 w-full items-center gap-3.5 rounded-2xl px-3 text-start text-[16px] transition-colors hover:bg-surface-2 aria-checked:bg-surface-2 aria-checked:font-bold"
            >
              <span className="grid size-10 place-items-center rounded-xl bg-surface-2 text-xs font-bold text-muted">
                {LANGUAGE_MARKS[lang]}
              </span>
              <span className="flex-1" dir="auto">
                {LANGUAGE_NAMES[lang]}
              </span>
              {lang === current && <CheckIcon size={22} />}
            </button>
          </li>
        ))}
      </ul>
    </BottomSheet>
  );
}
