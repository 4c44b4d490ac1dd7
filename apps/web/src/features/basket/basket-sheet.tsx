import { useEffect } from 'react';
import { Drawer } from 'vaul';
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
    <Drawer.Root open={open} onOpenChange={setBasketSheetOpen} repositionInputs>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Drawer.Content
          data-testid="basket-sheet"
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-40 mx-auto flex h-[92dvh] w-full max-w-2xl flex-col rounded-t-[28px] border-t border-line bg-surface text-ink outline-none"
        >
          <div aria-hidden="true" className="mx-auto mt-2.5 mb-3 h-1.5 w-11 shrink-0 rounded-full bg-ink/15" />
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <BasketView Title={Drawer.Title} inSheet onNavigate={() => setBasketSheetOpen(false)} />
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
