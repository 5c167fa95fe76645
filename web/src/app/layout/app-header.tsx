import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FilePlus2, LogOut, Menu, Package, UserSquare2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useCanOpen } from '@/features/access/use-can-open';
import { useAuth } from '@/features/auth/auth-context';
import { HeaderPrices, RefreshAllPricesButton } from '@/features/market/components/header-prices';
import { ThemeToggle } from '@/features/theme/theme-toggle';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useScreenTitle } from '@/hooks/use-page-title';

// The drawer (Radix Dialog) is only downloaded on narrow screens, once the page is idle or the menu is asked for:
// not on the way to a phone's first screen.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
const DRAWER_PRELOAD_DELAY_MS = 3_000;

/** Below 768 px: the menu button, and the drawer it opens. */
function MobileMenuButton() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    // Well after the first screen: the drawer's code never competes with it for the network.
    let idle = 0;
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback(() => void loadMobileMenu(), { timeout: 5_000 });
    }, DRAWER_PRELOAD_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.cancelIdleCallback(idle);
    };
  }, []);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Ouvrir le menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        onPointerDown={() => void loadMobileMenu()}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        data-testid="mobile-menu-button"
      >
        <Menu aria-hidden="true" />
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/** The header's shortcuts; "Nouveau Devis" creates, so it needs write access. */
const SHORTCUTS = [
  { path: '/clients', label: 'Clients', Icon: UserSquare2, access: 'read', variant: 'outline' },
  { path: '/products', label: 'Produits', Icon: Package, access: 'read', variant: 'outline' },
  { path: '/quotes', label: 'Nouveau Devis', Icon: FilePlus2, access: 'write', variant: 'default' },
] as const;

/** The shortcuts the role may open and whose module is on; nothing until the modules are known. */
function QuickLinks() {
  const { ready, canOpen } = useCanOpen();
  if (!ready) return null;
  return (
    <div className="flex items-center gap-2" data-testid="header-shortcuts">
      {SHORTCUTS.filter(({ path, access }) => canOpen(path, access)).map(({ path, label, Icon, variant }) => (
        <Button key={path} asChild variant={variant} size="sm">
          <Link to={path}>
            <Icon aria-hidden="true" />
            {label}
          </Link>
        </Button>
      ))}
    </div>
  );
}

/**
 * The screen's title ("Tableau de bord" and its subtitle on the dashboard; each screen's own
 * title elsewhere). Not a heading: each page has its one `h1` in the main content, where the skip link leads.
 */
function ScreenTitleBlock() {
  const screen = useScreenTitle();
  return (
    <div className="min-w-0 md:shrink-0" data-testid="header-title">
      <p className="truncate text-base font-semibold md:text-lg">{screen?.title ?? '\u00a0'}</p>
      {screen?.subtitle ? (
        <p className="hidden whitespace-nowrap text-xs text-muted-foreground md:block">{screen.subtitle}</p>
      ) : null}
    </div>
  );
}

/** Header: title, subtitle (wide screens), price buttons, quick links, theme toggle, logout. */
export function AppHeader() {
  const { user, logoutMutation } = useAuth();
  const isMobile = useIsMobile();
  if (!user) return null;
  const logoutLabel = `Déconnexion (${user.username})`;

  return (
    <header className="sticky top-0 z-30 flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b bg-background/95 px-3 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:h-16 md:flex-nowrap md:px-6 md:py-0">
      {isMobile && <MobileMenuButton />}
      <ScreenTitleBlock />
      <div className="flex w-full min-w-0 items-center gap-2 overflow-x-auto md:ml-auto md:w-auto md:overflow-visible">
        <HeaderPrices className="max-md:w-full max-md:justify-between" />
        {!isMobile && (
          <>
            <RefreshAllPricesButton />
            <div className="hidden xl:block">
              <QuickLinks />
            </div>
            <ThemeToggle />
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={logoutLabel}
                  onClick={() => logoutMutation.mutate()}
                  disabled={logoutMutation.isPending}
                  data-testid="logout-button"
                >
                  <LogOut aria-hidden="true" />
                </Button>
              </TooltipTrigger>
              <TooltipContent>{logoutLabel}</TooltipContent>
            </Tooltip>
          </>
        )}
      </div>
    </header>
  );
}
