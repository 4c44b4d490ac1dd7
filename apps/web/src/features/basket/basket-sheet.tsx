import { useEffect } from 'react';
import { BottomSheet, SheetTitle } from '../../shared/ui/bottom-sheet.tsx';
import { setBasketSheetOpen, useBasketSheetOpen } from './basket-sheet-state.ts';
import { BasketView } from './basket-view.tsx';

/** The basket as a bottom sheet over the current page, for merchants without a basket page (cartPageActive off). */
export function BasketSheet() {
  const open = useBasketSheetOpen();
  // The back button closes the sheet; links inside it close it themselves.
  useEffect(() => {
    const close = () => setBasketSheetOpen(false);
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, []);
  return (
    <BottomSheet open={open} onOpenChange={setBasketSheetOpen} testId="basket-sheet" width="xl" height="tall">
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain pt-3">
        <BasketView Title={SheetTitle} inSheet onNavigate={() => setBasketSheetOpen(false)} />
      </div>
    </BottomSheet>
  );
}
