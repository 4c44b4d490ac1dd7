import { useEffect, useRef } from 'react';
import { useBoot } from '../merchant/boot.ts';
import { telegramWebApp } from './web-app.ts';

export interface MainButtonState {
  text: string;
  onClick: () => void;
  /** The call it started is running: Telegram's progress state. */
  busy?: boolean;
  disabled?: boolean;
}

/**
 * Inside Telegram a page's primary action is Telegram's MainButton (issue 30): "add to basket" on a product,
 * "checkout" in the basket, "continue" and "confirm" at checkout. Returns true while the MainButton carries it;
 * the page then hides its own button, so there are never two. Outside Telegram (or with `null`) it does nothing.
 */
export function useTelegramMainButton(state: MainButtonState | null): boolean {
  const { inTelegram } = useBoot();
  const button = inTelegram ? telegramWebApp()?.MainButton : undefined;
  const shown = Boolean(button && state);
  const handler = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    handler.current = state?.onClick;
  });

  const text = state?.text;
  const busy = state?.busy === true;
  const disabled = state?.disabled === true;
  useEffect(() => {
    if (!button || !shown || text === undefined) return;
    button.setText(text);
    if (disabled) button.disable();
    else button.enable();
    if (busy) button.showProgress(false);
    else button.hideProgress();
  }, [button, shown, text, busy, disabled]);

  useEffect(() => {
    if (!button || !shown) return;
    const click = () => handler.current?.();
    button.onClick(click);
    button.show();
    return () => {
      button.offClick(click);
      button.hideProgress();
      button.hide();
    };
  }, [button, shown]);
  return shown;
}
