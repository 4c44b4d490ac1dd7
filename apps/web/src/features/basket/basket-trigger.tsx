import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { openBasketSheet } from './basket-sheet-state.ts';

/** A link to the basket page, or a button that opens the basket sheet. */
export function BasketTrigger({
  className,
  label,
  testId,
  children,
}: {
  className: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const { cartPageActive } = useMerchantSettings();
  if (cartPageActive) {
    return (
      <Link to="/basket" aria-label={label} data-testid={testId} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" aria-label={label} data-testid={testId} className={className} onClick={openBasketSheet}>
      {children}
    </button>
  );
}
