import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { SkipLink } from '@/components/ui/skip-link';
import { TooltipProvider } from '@/components/ui/tooltip';
import { MarketTicker } from '@/features/market/components/market-ticker';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppHeader } from './app-header';
import { SidebarNav } from './sidebar-nav';

/** Fixed sidebar on wide screens, header, market ticker, then the current route. */
export default function AppShell() {
  const { pathname } = useLocation();
  return (
    <TooltipProvider>
      <div className="min-h-screen bg-background">
        <SkipLink targetId="contenu" />
        <aside
          className="fixed inset-y-0 left-0 z-40 hidden w-60 border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:block"
          data-testid="sidebar"
        >
          <SidebarNav />
        </aside>
        <div className="flex min-h-screen flex-col md:pl-60">
          <AppHeader />
          <ErrorBoundary name="bandeau des cours" fallback={() => null}>
            <MarketTicker />
          </ErrorBoundary>
          <main className="flex-1 p-3 focus:outline-none md:p-6" id="contenu" tabIndex={-1}>
            <ErrorBoundary name={`page ${pathname}`} resetKey={pathname}>
              <Suspense fallback={<Spinner />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
