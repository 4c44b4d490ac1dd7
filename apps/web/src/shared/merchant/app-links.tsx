import type { ComponentType } from 'react';
import type { MerchantSettings } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { safeExternalUrl, socialHref } from '../../lib/links.ts';
import { Icon, type IconProps } from '../ui/icons.tsx';
import { useMerchantSettings } from './merchant.api.ts';

// The stores' and the bot's marks: only the footer and the apps page (both loaded on demand) show them.
const AppleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M16.4 12.6c0-2.2 1.8-3.2 1.9-3.3a4.1 4.1 0 0 0-3.2-1.7c-1.4-.1-2.6.8-3.3.8s-1.7-.8-2.9-.8A4.3 4.3 0 0 0 5.3 10c-1.5 2.6-.4 6.5 1.1 8.6.7 1 1.6 2.2 2.7 2.1s1.5-.7 2.8-.7 1.7.7 2.9.7 1.9-1 2.6-2.1a9 9 0 0 0 1.2-2.4 3.7 3.7 0 0 1-2.2-3.6ZM14.2 5.9a3.8 3.8 0 0 0 .9-2.9 4 4 0 0 0-2.6 1.4 3.6 3.6 0 0 0-.9 2.8 3.3 3.3 0 0 0 2.6-1.3Z" />
  </Icon>
);
const PlayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 3.8v16.4a.8.8 0 0 0 1.2.7l14-8.2a.8.8 0 0 0 0-1.4l-14-8.2a.8.8 0 0 0-1.2.7Z" />
  </Icon>
);
const BotIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 4v4M9 13.5v.01M15 13.5v.01M9.5 17h5" />
  </Icon>
);

export type AppLinkKey = 'ios' | 'android' | 'bot';

export interface AppLink {
  key: AppLinkKey;
  href: string;
  /** The store's or the bot's name: App Store, Google Play, Telegram bot. */
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

type AppSettings = Pick<
  MerchantSettings,
  'iosAppActive' | 'iosAppLink' | 'androidAppActive' | 'androidAppLink' | 'telegramBotActive' | 'telegramBotLink'
>;

/** The brand's apps and Telegram bot, each when its switch is on and its address is one that may be opened. */
export function appLinks(s: AppSettings, t: (key: string) => string): AppLink[] {
  const candidates: (false | (Omit<AppLink, 'href'> & { href: string | null }))[] = [
    s.iosAppActive && { key: 'ios', href: safeExternalUrl(s.iosAppLink), label: t('footer.appStore'), Icon: AppleIcon },
    s.androidAppActive && { key: 'android', href: safeExternalUrl(s.androidAppLink), label: t('footer.googlePlay'), Icon: PlayIcon },
    s.telegramBotActive && { key: 'bot', href: socialHref('telegram', s.telegramBotLink), label: t('footer.telegramBot'), Icon: BotIcon },
  ];
  return candidates.filter((a): a is AppLink => Boolean(a && a.href));
}

/** The current brand's app links (the footer, the apps page). */
export function useAppLinks(): AppLink[] {
  const { t } = useTranslation();
  return appLinks(useMerchantSettings(), t);
}
