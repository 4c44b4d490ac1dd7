import { Drawer } from 'vaul';
import { useTranslation } from '../../i18n/i18n.ts';
import { TrashIcon } from './basket-icons.tsx';

/** "Clear the basket?" as a bottom sheet (spec section 8, confirmations); nested when the basket itself is a sheet. */
export function BasketClearSheet({
  open,
  onOpenChange,
  onConfirm,
  nested = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  nested?: boolean;
}) {
  const { t } = useTranslation();
  const Root = nested ? Drawer.NestedRoot : Drawer.Root;
  return (
    <Root open={open} onOpenChange={onOpenChange}>
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Drawer.Content
          data-testid="basket-clear-sheet"
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-lg flex-col rounded-t-[28px] border-t border-line bg-surface px-5 pt-2.5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-ink outline-none"
        >
          <div aria-hidden="true" className="mx-auto h-1.5 w-11 shrink-0 rounded-full bg-ink/15" />
          <span className="mt-5 grid size-14 place-items-center rounded-2xl bg-red-500/15 text-red-600 dark:text-red-400">
            <TrashIcon size={26} />
          </span>
          <Drawer.Title className="mt-4 text-[22px] leading-tight font-extrabold tracking-tight">{t('basket.clearTitle')}</Drawer.Title>
          <Drawer.Description className="mt-2 text-[15px] leading-relaxed text-muted">{t('basket.clearText')}</Drawer.Description>
          <div className="mt-6 flex flex-col gap-2.5">
            <button
              type="button"
              data-testid="basket-clear-confirm"
              onClick={onConfirm}
              className="h-12 rounded-2xl bg-red-600 px-6 text-[15px] font-bold text-white transition-[filter] hover:brightness-95 active:brightness-90"
            >
              {t('basket.clearConfirm')}
            </button>
            <button
              type="button"
              data-testid="basket-clear-cancel"
              onClick={() => onOpenChange(false)}
              className="h-12 rounded-2xl border border-line bg-surface px-6 text-[15px] font-semibold transition-colors hover:bg-surface-2"
            >
              {t('basket.cancel')}
            </button>
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Root>
  );
}
