import { useEffect, type RefObject } from 'react';
import { htmlLangOf, type UiLanguage } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useChangeLanguage } from '../../i18n/use-change-language.ts';
import { LANGUAGE_MARKS, LANGUAGE_NAMES } from '../../i18n/languages.ts';
import { CheckIcon } from '../../shared/ui/more-icons.tsx';

interface LanguageMenuProps {
  id: string;
  languages: readonly UiLanguage[];
  current: UiLanguage;
  /** The switcher around the button and this list: a tap outside it closes the list. */
  root: RefObject<HTMLDivElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  close: () => void;
}

/** The open list of the language switcher (language-switcher.tsx): one item per language, the current one checked. */
export function LanguageMenu({ id, languages, current, root, button, close }: LanguageMenuProps) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();

  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
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
  }, [root, button, close]);

  const choose = (lang: UiLanguage) => {
    close();
    button.current?.focus();
    void changeLanguage(lang);
  };

  return (
    <div
      id={id}
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
          onClick={() => choose(lang)}
          className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start text-[15px] hover:bg-surface-2 focus-visible:bg-surface-2 aria-checked:font-semibold"
        >
          <span className="w-7 text-xs font-bold text-muted">{LANGUAGE_MARKS[lang]}</span>
          <span className="flex-1">{LANGUAGE_NAMES[lang]}</span>
          {lang === current && <CheckIcon size={18} />}
        </button>
      ))}
    </div>
  );
}
