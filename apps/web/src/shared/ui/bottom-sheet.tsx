import { useRef, type ReactNode } from 'react';
import { Drawer } from 'vaul';

const WIDTH = { md: 'max-w-lg', lg: 'max-w-xl', xl: 'max-w-2xl' } as const;

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  testId: string;
  /**
   * The sheet's heading, drawn above its content with `icon` and `description`. Without it the
   * content draws its own with `SheetTitle` (every sheet has one: it is the name screen readers announce).
   */
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  /** False while something runs that must not be cut short: neither a drag, the overlay nor Escape closes it. */
  dismissible?: boolean;
  /** Opened from inside another sheet: the sheet below steps back. */
  nested?: boolean;
  width?: keyof typeof WIDTH;
  /** 'fit': as tall as the content, up to 92% of the screen; 'tall': 92% whatever the content (the content scrolls itself). */
  height?: 'fit' | 'tall';
  /** 'over': the handle lies over the top of the content (a picture) instead of above it. */
  handle?: 'above' | 'over';
  /** The sheet moves above the on-screen keyboard; off for a sheet without text fields (a checkbox must not make room for a keyboard). */
  repositionInputs?: boolean;
  /** After the opening or closing slide. */
  onAnimationEnd?: (open: boolean) => void;
}

/**
 * The bottom sheet (vaul): it follows the finger, a drag down, a tap on the overlay or Escape closes
 * it, focus moves into it when it opens (to the sheet itself, so no keyboard pops up) and stays there,
 * and returns where it was when it closes. Its code is heavy: only import it from code that is loaded
 * on demand, never from the first screen's.
 */
export function BottomSheet({
  open,
  onOpenChange,
  testId,
  title,
  description,
  icon,
  children,
  dismissible = true,
  nested = false,
  width = 'md',
  height = 'fit',
  handle = 'above',
  repositionInputs = true,
  onAnimationEnd,
}: BottomSheetProps) {
  const content = useRef<HTMLDivElement>(null);
  const Root = nested ? Drawer.NestedRoot : Drawer.Root;
  return (
    <Root
      open={open}
      onOpenChange={onOpenChange}
      dismissible={dismissible}
      repositionInputs={repositionInputs}
      onAnimationEnd={onAnimationEnd}
    >
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Drawer.Content
          ref={content}
          data-testid={testId}
          // Without a description the sheet says so, rather than pointing at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => content.current?.focus({ preventScroll: true })}
          className={`fixed inset-x-0 bottom-0 z-40 mx-auto flex w-full flex-col overflow-hidden rounded-t-[28px] bg-surface text-ink outline-none ${WIDTH[width]} ${
            height === 'tall' ? 'h-[92dvh]' : 'max-h-[92dvh]'
          } ${handle === 'over' ? '' : 'border-t border-line'}`}
        >
          {handle === 'over' ? (
            <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 z-10 flex justify-center pt-2">
              <span className="h-1.5 w-10 rounded-full bg-white/70 shadow-sm dark:bg-white/40" />
            </div>
          ) : (
            <div aria-hidden="true" className="mx-auto mt-2.5 h-1.5 w-11 shrink-0 rounded-full bg-ink/15" />
          )}
          {title === undefined ? (
            children
          ) : (
            <div className="overflow-y-auto overscroll-contain px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
              {icon && <div className="mb-4">{icon}</div>}
              <Drawer.Title className="text-[22px] leading-tight font-extrabold tracking-tight text-balance">{title}</Drawer.Title>
              {description && (
                <Drawer.Description className="mt-2 text-[15px] leading-relaxed text-muted text-pretty">{description}</Drawer.Description>
              )}
              {children}
            </div>
          )}
        </Drawer.Content>
      </Drawer.Portal>
    </Root>
  );
}

/** The heading of a sheet whose content draws its own (a `BottomSheet` without `title`). */
export function SheetTitle({ className, children }: { className?: string; children?: ReactNode }) {
  return <Drawer.Title className={className}>{children}</Drawer.Title>;
}
