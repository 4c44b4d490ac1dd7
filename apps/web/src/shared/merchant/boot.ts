import { createContext, useContext } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import type { BootData as ContractBootData } from '@dasturxon/client/render-contract';
import { normalizeLanguage, type BootStatus, type Merchant, type MerchantSettings } from '@dasturxon/domain';

/** What the page or the API said about this storefront's merchant at start (the render contract's `BootData`). */
export type BootData = ContractBootData<DehydratedState>;

export interface Boot {
  status: BootStatus;
  merchant: Merchant | null;
  settings: MerchantSettings;
  inTelegram: boolean;
  brandSwitcher: boolean;
}

/** The server may inline the boot data (`<script id="dx-boot" type="application/json">`), saving two round trips. */
export function parseBootScript(text: string | null | undefined): BootData | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Partial<BootData> | null;
    if (!raw || typeof raw !== 'object') return null;
    return {
      merchant: raw.merchant && typeof raw.merchant === 'object' ? raw.merchant : null,
      settings: raw.settings && typeof raw.settings === 'object' ? raw.settings : null,
      error: raw.error && typeof raw.error === 'object' ? raw.error : null,
      ...(raw.queries && typeof raw.queries === 'object' && Array.isArray(raw.queries.queries) ? { queries: raw.queries } : {}),
      ...(normalizeLanguage(raw.lang) ? { lang: normalizeLanguage(raw.lang) ?? undefined } : {}),
      brandSwitcher: raw.brandSwitcher === true,
    };
  } catch {
    return null;
  }
}

export const BootContext = createContext<Boot | null>(null);

export function useBoot(): Boot {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot outside BootContext');
  return boot;
}
