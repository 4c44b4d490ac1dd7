/**
 * The part of Telegram's `window.Telegram.WebApp` (telegram-web-app.js, https://core.telegram.org/bots/webapps) the
 * storefront uses. Everything is optional: older Telegram clients lack the newer parts, and outside Telegram there
 * is no `WebApp` at all.
 */
export interface TelegramThemeParams {
  bg_color?: string;
  secondary_bg_color?: string;
  section_bg_color?: string;
  text_color?: string;
  hint_color?: string;
  link_color?: string;
  button_color?: string;
  button_text_color?: string;
}

export interface TelegramBottomButton {
  setText(text: string): void;
  show(): void;
  hide(): void;
  enable(): void;
  disable(): void;
  showProgress(leaveActive?: boolean): void;
  hideProgress(): void;
  onClick(handler: () => void): void;
  offClick(handler: () => void): void;
  setParams?(params: { color?: string; text_color?: string }): void;
}

export interface TelegramLocationData {
  latitude: number;
  longitude: number;
}

export interface TelegramLocationManager {
  isInited: boolean;
  isLocationAvailable: boolean;
  init(callback?: () => void): void;
  getLocation(callback: (data: TelegramLocationData | null) => void): void;
}

export interface TelegramContactEvent {
  status: 'sent' | 'cancelled';
  /** The signed string (`contact=...&auth_date=...&hash=...`) the server checks like initData. */
  response?: string;
}

export interface TelegramWebApp {
  initData?: string;
  colorScheme?: 'light' | 'dark';
  themeParams?: TelegramThemeParams;
  ready?(): void;
  expand?(): void;
  onEvent?(event: string, handler: () => void): void;
  offEvent?(event: string, handler: () => void): void;
  MainButton?: TelegramBottomButton;
  BackButton?: { show(): void; hide(): void; onClick(handler: () => void): void; offClick(handler: () => void): void };
  HapticFeedback?: {
    impactOccurred(style: 'light' | 'medium' | 'heavy' | 'rigid' | 'soft'): void;
    notificationOccurred(type: 'error' | 'success' | 'warning'): void;
    selectionChanged(): void;
  };
  enableClosingConfirmation?(): void;
  disableClosingConfirmation?(): void;
  openLink?(url: string): void;
  requestContact?(callback: (sent: boolean, event?: TelegramContactEvent) => void): void;
  LocationManager?: TelegramLocationManager;
}

/** Telegram's WebApp object, inside Telegram once its script (or the mini app's loader) has run; else null. */
export const telegramWebApp = (): TelegramWebApp | null => (typeof window === 'undefined' ? null : (window.Telegram?.WebApp ?? null));

/** Haptics where Telegram has them: a tap for add and remove, a warning buzz for errors. Nothing elsewhere. */
export function haptic(kind: 'add' | 'remove' | 'error'): void {
  const feedback = telegramWebApp()?.HapticFeedback;
  if (!feedback) return;
  if (kind === 'error') feedback.notificationOccurred('error');
  else feedback.impactOccurred(kind === 'add' ? 'light' : 'soft');
}
