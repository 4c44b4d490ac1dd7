import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import type { UiLanguage } from '@dasturxon/domain';
import { switchLanguage, useLanguage } from '../../i18n/i18n.ts';
import { htmlLangOf, LANGUAGE_MARKS, LANGUAGE_NAMES, switchableLanguages } from '../../i18n/languages.ts';
import { useBoot } from '../../shared/merchant/boot.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../shared/ui/icons.tsx';
import { toast } from '../../shared/ui/toast.tsx';

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
  const languages = switchableLanguages(settings, inTelegram);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (languages.length < 2) return null;

  const choose = async (lang: UiLanguage) => {
    setOpen(false);
    button.current?.focus();
    if (lang === current) return;
    try {
      await switchLanguage(lang);
    } catch {
      toast(t('errors.generic'), 'error');
    }
  };

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
        <div
          id={menuId}
          role="menu"
          aria-label={t('header.chooseLanguage')}
          className="absolute end-0 top-12 z-40 w-52 origin-top-right overflow-hidden rounded-2xl border border-line bg-surface p-1.5 shadow-xl motion-safe:animate-[dx-fade-in_120ms_ease-out] rtl:origin-top-left"
        >
          {languages.map((lang) => (
            <button
              key={lang}
              type="button"
              role="menuitemradio"
              aria-checked={lang === current}
              data-testid={`language-option-${lang}`}
              lang={htmlLangOf(lang)}
              dir="auto"
              onClick={() => void choose(lang)}
              className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start text-[15px] hover:bg-surface-2 focus-visible:bg-surface-2 aria-checked:font-semibold"
            >
              <span className="w-7 text-xs font-bold text-muted">{LANGUAGE_MARKS[lang]}</span>
              <span className="flex-1">{LANGUAGE_NAMES[lang]}</span>
              {lang === current && <CheckIcon size={18} />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
