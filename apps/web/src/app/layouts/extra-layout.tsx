import { Header } from '../shell/header.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

/** Header and page, no footer: the landing pages /extra … /extra4. */
export function ExtraLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main id="main" className="flex flex-1 flex-col">
        <PageOutlet />
      </main>
    </div>
  );
}
