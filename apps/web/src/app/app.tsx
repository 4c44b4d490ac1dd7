import { lazy, StrictMode, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { enabledLanguages, resolveLanguage, rewritePath, type PathRewrite } from '@dasturxon/domain';
import { useLanguage } from '../i18n/i18n.ts';
import { useChangeLanguage } from '../i18n/use-change-language.ts';
import { isUpdatePending } from '../lib/app-version.ts';
import { BootContext, useBoot, type Boot } from '../shared/merchant/boot.ts';
import { applyHead } from '../shared/merchant/theme.ts';
import { useScrollRestoration } from '../shared/catalogue/scroll-memory.ts';
import { rememberPathSegments, safePathOr } from '../shared/navigation.ts';
import { PageSpinner } from '../shared/ui/spinner.tsx';
import { Toaster } from '../shared/ui/toast.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { routes } from './routes.tsx';

// Telegram's mini app mode (features/telegram): its code arrives only inside Telegram, never on the web's first screen.
const TelegramMiniApp = lazy(() => import('../features/telegram/mini-app.tsx').then((m) => ({ default: m.TelegramMiniApp })));

/** The router around the app: the browser's history on the client, one fixed address on the server (entry-server.tsx). */
export type AppRouter = ComponentType<{ children: ReactNode }>;

/** The whole storefront. */
export function App({ boot, queryClient, Router = BrowserRouter }: { boot: Boot; queryClient: QueryClient; Router?: AppRouter }) {
  return (
    <StrictMode>
      <BootContext.Provider value={boot}>
        <QueryClientProvider client={queryClient}>
          <Router>
            <RouteErrorBoundary>
              <Suspense fallback={<PageSpinner />}>
                <AppRoutes />
              </Suspense>
            </RouteErrorBoundary>
            <HeadSync />
            <ReadyMark />
            {boot.inTelegram && (
              <Suspense fallback={null}>
                <TelegramMiniApp />
              </Suspense>
            )}
            <Toaster />
          </Router>
        </QueryClientProvider>
      </BootContext.Provider>
    </StrictMode>
  );
}

function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  useReloadWhenUpdated(location.key);
  useScrollRestoration();
  const rewrite = rewritePath(location.pathname, location.search, location.hash);
  return rewrite.redirectTo ? <PathRewriteRedirect rewrite={rewrite} /> : element;
}

/**
 * Spec section 2 for links followed inside the app (the first address is rewritten at start):
 * a leading ru/uz and 1/2 segment are remembered and the visitor goes to the rest of the path.
 */
function PathRewriteRedirect({ rewrite }: { rewrite: PathRewrite }) {
  const navigate = useNavigate();
  const { settings, inTelegram } = useBoot();
  const changeLanguage = useChangeLanguage();
  const { redirectTo, lang, page } = rewrite;
  useEffect(() => {
    rememberPathSegments({ lang, page });
    if (lang) {
      const next = resolveLanguage({
        forcedLanguage: settings.forcedLanguage,
        chosen: lang,
        mainLanguage: settings.mainLanguage,
        enabled: enabledLanguages(settings),
        inTelegram,
      });
      void changeLanguage(next);
    }
    void navigate(safePathOr(redirectTo ?? '/'), { replace: true });
  }, [redirectTo, lang, page, settings, inTelegram, changeLanguage, navigate]);
  return null;
}

/** Spec section 4: once a newer build is deployed, the next navigation loads it. */
function useReloadWhenUpdated(locationKey: string) {
  const firstKey = useRef(locationKey);
  useEffect(() => {
    if (locationKey !== firstKey.current && isUpdatePending()) window.location.reload();
  }, [locationKey]);
}

/** Title and favicon follow the language. */
function HeadSync() {
  const lang = useLanguage();
  const { merchant, settings } = useBoot();
  useEffect(() => applyHead(settings, merchant, lang), [settings, merchant, lang]);
  return null;
}

/**
 * `<html data-ready>` once React has taken the page over (or drawn it): the page's scripts are at work. The
 * browser journeys wait for it before they tap (e2e/support.ts), as a customer's first tap would need it.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}
