import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useLanguage, useTranslation } from '../../i18n/i18n.ts';
import { LANGUAGE_MARKS, LANGUAGE_NAMES, switchableLanguages } from '../../i18n/languages.ts';
import { useBoot } from '../../shared/merchant/boot.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { ChevronDownIcon, GlobeIcon } from '../../shared/ui/icons.tsx';

// The list opens on a tap: its code is not part of the first screen's.
const LanguageMenu = lazy(() => import('./language-menu.tsx').then((m) => ({ default: m.LanguageMenu })));

/** The merchant's enabled languages; the choice is kept in the `lang` cookie. Hidden when there is nothing to choose. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  const { inTelegram } = useBoot();
  const current = useLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const languages = switchableLanguages(settings, inTelegram);

  if (languages.length < 2) return null;

  return (
    <div ref={root} className={`relative ${className}`}>
      <button
        ref={button}
        type="button"
        data-testid="language-switcher"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // The name starts with the code on the button (WCAG label in name: who says "RU" to a voice control gets this button).
        aria-label={t('header.currentLanguage', { code: LANGUAGE_MARKS[current], name: LANGUAGE_NAMES[current] })}
        onClick={() => setOpen((o) => !o)}
        className="flex size-10 items-center justify-center gap-1.5 rounded-full border border-line bg-surface-2 text-[13px] font-extrabold tracking-wide transition-colors hover:bg-line md:w-auto md:ps-2.5 md:pe-2"
      >
        {/* A phone shows only the code, at the size of its neighbours; a desktop has room for the globe and the arrow too. */}
        <GlobeIcon size={18} className="hidden md:block" />
        <span data-testid="current-language">{LANGUAGE_MARKS[current]}</span>
        <ChevronDownIcon size={16} className={`hidden text-muted transition-transform md:block ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} languages={languages} current={current} root={root} button={button} close={close} />
        </Suspense>
      )}
    </div>
  );
}
