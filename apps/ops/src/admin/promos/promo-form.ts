import { PromoInput, type AdminPromo, type PromoTarget } from '@dasturxon/domain/contracts';

/** A body the API's schema has passed. */
export type PromoBody = ReturnType<typeof PromoInput.parse>;

/*
 * The promo form's state and its body for the API (issue 28): what the inputs hold (text, as typed) and the body the
 * API's own schema (`PromoInput`) checks before anything is sent. Kept apart from the screen to be tested alone.
 */

export interface PromoFormState {
  code: string;
  discountType: 'PERCENTAGE' | 'AMOUNT';
  target: PromoTarget;
  value: string;
  /** `YYYY-MM-DDTHH:mm` of a datetime-local input, in this device's time zone; '' for none. */
  startDate: string;
  endDate: string;
  minPrice: string;
  perCustomerLimit: string;
  totalLimit: string;
  isActive: boolean;
  /** Listed on the storefront's promo codes page. */
  isPublic: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it (this device's clock); '' for none. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as an instant (read on this device's clock); null for none. */
export function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/** The form of a promo as read, or of a new one. */
export function formOf(promo: AdminPromo | null): PromoFormState {
  return {
    code: promo?.code ?? '',
    discountType: promo?.discountType ?? 'PERCENTAGE',
    target: promo?.target ?? 'PRODUCTS',
    value: promo ? String(promo.value) : '',
    startDate: localInput(promo?.startDate ?? null),
    endDate: localInput(promo?.endDate ?? null),
    minPrice: promo && promo.minPrice > 0 ? String(promo.minPrice) : '',
    perCustomerLimit: promo?.perCustomerLimit != null ? String(promo.perCustomerLimit) : '',
    totalLimit: promo?.totalLimit != null ? String(promo.totalLimit) : '',
    isActive: promo?.isActive ?? true,
    isPublic: promo?.isPublic ?? false,
  };
}

/** A number typed (spaces between thousands allowed); '' is none. */
const numberOr = (text: string, none: number | null): number | null => {
  const clean = text.replace(/\s/g, '');
  return clean === '' ? none : Number(clean);
};

/** The body the API takes, checked by its own schema: the body, or the fields at fault with their messages. */
export function promoBody(
  form: PromoFormState,
): { ok: true; body: PromoBody } | { ok: false; problems: { field: keyof PromoFormState; message: string }[] } {
  const body = {
    code: form.code.trim(),
    discountType: form.discountType,
    target: form.target,
    value: numberOr(form.value, Number.NaN),
    startDate: instantOf(form.startDate),
    endDate: instantOf(form.endDate),
    minPrice: numberOr(form.minPrice, 0),
    perCustomerLimit: numberOr(form.perCustomerLimit, null),
    totalLimit: numberOr(form.totalLimit, null),
    isActive: form.isActive,
    isPublic: form.isPublic,
  };
  const checked = PromoInput.safeParse(body);
  if (checked.success) return { ok: true, body: checked.data };
  return {
    ok: false,
    problems: checked.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? 'code') as keyof PromoFormState,
      message: issue.message,
    })),
  };
}
