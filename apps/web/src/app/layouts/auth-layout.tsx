import { useBoot } from '../../shared/merchant/boot.ts';
import { logoSrc } from '../../shared/merchant/theme.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { LanguageSwitcher } from '../shell/language-switcher.tsx';
import { PageOutlet } from './page-outlet.tsx';

/**
 * A quiet page around one task or message: login and its confirmation, and the pages shown when
 * the merchant is blocked or not available (so it never needs a loaded merchant).
 */
export function AuthLayout() {
  const { merchant, settings } = useBoot();
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="mx-auto flex w-full max-w-md items-center gap-2.5 px-5 pt-5">
        {merchant && (
          <>
            <BrandLogo src={logoSrc(settings, merchant)} name={merchant.name} size={36} />
            <span data-testid="brand-name" className="truncate text-base font-extrabold">
              {merchant.name}
            </span>
          </>
        )}
        <LanguageSwitcher className="ms-auto" />
      </div>
      <main id="main" className="flex flex-1 flex-col justify-center pb-[12vh]">
        <PageOutlet />
      </main>
    </div>
  );
}
