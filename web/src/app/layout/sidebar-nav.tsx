import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { LogOut } from 'lucide-react';
import { roleLabel } from '@shared/constants';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { ThemeToggle } from '@/features/theme/theme-toggle';
import { useAuth } from '@/features/auth/auth-context';
import { disabledModulesOf, useMeContext } from '@/features/access/use-me-context';
import { cn } from '@/lib/class-merge';
import { isActivePath, navigationFor } from './navigation';

/** Logo, the navigation groups and, at the bottom, the user's name and role label. */
interface SidebarNavProps {
  onNavigate?: () => void;
  /** The drawer has no header buttons around it: show the theme toggle and logout beside the user. */
  withAccountActions?: boolean;
}

export function SidebarNav({ onNavigate, withAccountActions = false }: SidebarNavProps) {
  const { user, logoutMutation } = useAuth();
  const { pathname } = useLocation();
  const idPrefix = useId();
  const context = useMeContext();
  if (!user) return null;
  const groups = navigationFor(user, disabledModulesOf(context.data));

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-sidebar-border px-5">
        <Logo />
      </div>
      <nav aria-label="Navigation principale" className="flex-1 overflow-y-auto px-3 py-4">
        {groups.map((group, index) => (
          <div key={group.label ?? index} className={cn(index > 0 && 'mt-6')}>
            {group.label && (
              <p
                id={`${idPrefix}-${index}`}
                className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
              >
                {group.label}
              </p>
            )}
            <ul className="grid gap-0.5" aria-labelledby={group.label ? `${idPrefix}-${index}` : undefined}>
              {group.items.map(({ to, label, icon: Icon }) => {
                const active = isActivePath(pathname, to);
                return (
                  <li key={to}>
                    <Link
                      to={to}
                      onClick={onNavigate}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        active
                          ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                          : 'text-sidebar-foreground hover:bg-sidebar-accent/60',
                      )}
                    >
                      <Icon
                        className={cn('size-4 shrink-0', active ? 'text-gold-foreground' : 'opacity-70')}
                        aria-hidden="true"
                      />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div
        className="flex shrink-0 items-center gap-2 border-t border-sidebar-border px-5 py-4"
        data-testid="sidebar-user"
      >
        <Link
          to="/account"
          onClick={onNavigate}
          aria-current={pathname === '/account' ? 'page' : undefined}
          title="Mon compte"
          className="-mx-2 min-w-0 flex-1 rounded-md px-2 py-1 transition-colors hover:bg-sidebar-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <p className="truncate text-sm font-semibold">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-xs text-muted-foreground">{roleLabel(user.role)}</p>
          <span className="sr-only"> — Mon compte</span>
        </Link>
        {withAccountActions && (
          <>
            <ThemeToggle />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Déconnexion (${user.username})`}
              onClick={() => logoutMutation.mutate()}
              disabled={logoutMutation.isPending}
            >
              <LogOut aria-hidden="true" />
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
