import { createContext, useContext } from 'react';
import type { Banner, ErrorBody, Merchant, MerchantSettings, Story } from '@dasturxon/domain';

/** What the page or the API said about this storefront's merchant at start. */
export interface BootData {
  merchant: Merchant | null;
  settings: MerchantSettings | null;
  error: ErrorBody | null;
  /** The home page's banners and stories, when the server sent them with the page (absent: fetch them). */
  banners?: Banner[];
  stories?: Story[];
}

/** ready: the shop opens; blocked: an admin switched it off; unavailable: no merchant answers for this address. */
export type BootStatus = 'ready' | 'blocked' | 'unavailable';

/** Where a merchant that is not ready sends every visitor. */
export const STATUS_PATHS: Record<BootStatus, string> = { ready: '/', blocked: '/blocked', unavailable: '/merchantNotAvailable' };

export interface Boot {
  status: BootStatus;
  merchant: Merchant | null;
  settings: MerchantSettings;
  inTelegram: boolean;
}

/** The check-merchant decision (spec sections 2 and 8). */
export function bootStatus(data: Pick<BootData, 'merchant' | 'error'>): BootStatus {
  if (data.error?.code === 'MERCHANT_BLOCKED') return 'blocked';
  const id = data.merchant?.id;
  if (typeof id !== 'string' || id.trim() === '') return 'unavailable';
  return data.merchant?.isActive === false ? 'blocked' : 'ready';
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
      ...(Array.isArray(raw.banners) ? { banners: raw.banners } : {}),
      ...(Array.isArray(raw.stories) ? { stories: raw.stories } : {}),
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
