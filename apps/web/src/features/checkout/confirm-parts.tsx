import type { AddressRequest, Product } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { modificationsLabel } from '../../shared/catalogue/modifications-label.ts';

/*
 * What the confirm page shows beyond the checkout's pieces (issue 29): each line's modifiers, in the brand's order,
 * and the whole delivery address, so what is confirmed is what the kitchen and the courier will read.
 */

/** A line's modifiers under its name ("Large, Cheese ×2"), as the basket shows them; nothing when there are none. */
export function LineModifiers({ product, chosen }: { product: Product | undefined; chosen: readonly { id: string; count: number }[] }) {
  const { language } = useTranslation();
  const text = product ? modificationsLabel(product, chosen, language) : '';
  if (!text) return null;
  return (
    <span data-testid="checkout-line-modifiers" className="block text-[13px] font-normal text-muted">
      <bdi>{text}</bdi>
    </span>
  );
}

/** The door's parts in reading order: flat or office, entrance, floor, intercom, each with its name. */
export function doorParts(details: AddressRequest['details'], t: (id: string) => string): string[] {
  const parts: [string, string | undefined][] = [
    ['addresses.office', details.office],
    ['addresses.entrance', details.entrance],
    ['addresses.floor', details.floor],
    ['addresses.domophone', details.domophone],
  ];
  return parts.filter(([, v]) => v?.trim()).map(([key, v]) => `${t(key)}: ${v!.trim()}`);
}

/** The whole delivery address: street and house, the place's description, the door's details and the courier's note. */
export function WholeAddress({ address }: { address: AddressRequest }) {
  const { t } = useTranslation();
  const street = [address.streetName, address.houseNumber].filter(Boolean).join(' ');
  const lines = [
    street,
    address.description !== street ? address.description : '',
    doorParts(address.details, t).join(', '),
    address.details.comment || address.comment,
  ].filter((l): l is string => Boolean(l?.trim()));
  if (lines.length === 0) return null;
  return (
    <address data-testid="checkout-confirm-address" className="space-y-0.5 px-1 text-[14px] not-italic text-muted">
      {lines.map((line, i) => (
        <span key={i} className={`block ${i === 0 ? 'font-semibold text-ink' : ''}`}>
          <bdi>{line}</bdi>
        </span>
      ))}
    </address>
  );
}
