import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useProduct } from '../../shared/catalogue/catalogue.api.ts';
import { PRODUCT_PARAM, VIEW_PARAM, type ProductOverlayView } from '../../shared/catalogue/product-link.ts';
import { BottomSheet, SheetTitle } from '../../shared/ui/bottom-sheet.tsx';
import { CloseButton } from '../../shared/ui/close-button.tsx';
import { ProductDetails } from './product-details.tsx';
import { ProductMissing, ProductSkeleton } from './product-states.tsx';

const WIDE = '(min-width: 768px)';
/** vaul slides a sheet away in 500 ms. */
const CLOSE_MS = 520;
const subscribeWide = (l: () => void) => {
  const m = matchMedia(WIDE);
  m.addEventListener('change', l);
  return () => m.removeEventListener('change', l);
};
const isWide = () => matchMedia(WIDE).matches;

/** Leaves the overlay: back when opening it pushed the entry, else the same page without its parameters. */
function useCloseOverlay() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if ((location.state as { productOverlay?: boolean } | null)?.productOverlay) {
      void navigate(-1);
      return;
    }
    const params = new URLSearchParams(location.search);
    params.delete(PRODUCT_PARAM);
    params.delete(VIEW_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  };
}

/** The product over the current page: a bottom sheet on a phone (SHEET), a centred dialog for POP_UP and on wide screens. */
export function ProductOverlay({ productId, view }: { productId: string; view: ProductOverlayView }) {
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  const close = useCloseOverlay();
  return view === 'sheet' && !wide ? <Sheet productId={productId} onClosed={close} /> : <Popup productId={productId} onClosed={close} />;
}

function Body({
  productId,
  layout,
  Title,
  onDone,
}: {
  productId: string;
  layout: 'sheet' | 'popup';
  Title: (p: { className?: string; children?: ReactNode }) => ReactNode;
  onDone: () => void;
}) {
  const { product, category, isPending, error, refetch } = useProduct(productId);
  if (product)
    return (
      <ProductDetails product={product} layout={layout} Title={Title} withoutCart={category?.isWithoutCart ?? false} onAdded={onDone} />
    );
  if (isPending) return <ProductSkeleton layout={layout} title={<Title className="sr-only">…</Title>} />;
  return <ProductMissing error={error} onRetry={refetch} Title={Title} />;
}

function Sheet({ productId, onClosed }: { productId: string; onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const finished = useRef(false);
  // The address changes once the sheet has slid away; the timer covers a closing animation that reports no end.
  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    onClosed();
  };
  const close = () => {
    setOpen(false);
    window.setTimeout(finish, CLOSE_MS);
  };
  return (
    <BottomSheet
      open={open}
      onOpenChange={(o) => {
        if (!o) close();
      }}
      onAnimationEnd={(o) => {
        if (!o) finish();
      }}
      testId="product-sheet"
      width="lg"
      handle="over"
      // The sheet has no text fields; its checkboxes must not make room for a keyboard.
      repositionInputs={false}
    >
      <CloseButton tone="floating" testId="product-close" onClick={close} className="absolute end-3 top-3 z-10" />
      <Body productId={productId} layout="sheet" Title={SheetTitle} onDone={close} />
    </BottomSheet>
  );
}

const POPUP_TITLE_ID = 'product-popup-title';
const PopupTitle = ({ className, children }: { className?: string; children?: ReactNode }) => (
  <h2 id={POPUP_TITLE_ID} className={className}>
    {children}
  </h2>
);

/** A centred dialog on the browser's own modal <dialog>: focus kept inside, Escape and a tap outside close it. */
function Popup({ productId, onClosed }: { productId: string; onClosed: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={POPUP_TITLE_ID}
      data-testid="product-popup"
      onCancel={(e) => {
        e.preventDefault();
        onClosed();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClosed();
      }}
      className="m-auto flex max-h-[90dvh] w-[calc(100%-1.5rem)] max-w-md flex-col overflow-hidden rounded-3xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/55 open:motion-safe:animate-[dx-toast-in_180ms_ease-out] md:max-w-4xl"
    >
      <CloseButton tone="floating" testId="product-close" onClick={onClosed} className="absolute end-3 top-3 z-10" />
      <Body productId={productId} layout="popup" Title={PopupTitle} onDone={onClosed} />
    </dialog>
  );
}
