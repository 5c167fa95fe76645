import {
  BookOpen,
  Building2,
  ClipboardList,
  Coins,
  Database,
  FileText,
  FolderKanban,
  Gem,
  LayoutDashboard,
  ListOrdered,
  type LucideIcon,
  Package,
  Puzzle,
  Rss,
  ScrollText,
  Settings,
  Truck,
  Users,
  UserSquare2,
} from 'lucide-react';
import { areaOfScreen, can, type Area } from '@shared/access';
import { moduleOfScreen } from '@shared/modules';
import type { CurrentUser } from '@shared/schemas/auth';

/**
 * Sidebar navigation. An item shows when the role may read its screen's area (the matrix
 * of shared/access.ts) and its module is on for the organization (shared/modules.ts, from
 * GET /api/me/context). The server stays the judge.
 */

export type { Area };

export function canOpen(role: string, area: Area): boolean {
  return can(role, area, 'read');
}

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export interface NavGroup {
  /** null for the main group, which has no heading. */
  label: string | null;
  items: NavItem[];
}

export function navigationFor(
  user: Pick<CurrentUser, 'role' | 'productWord'>,
  disabledModules: ReadonlySet<string> = new Set(),
): NavGroup[] {
  const groups: NavGroup[] = [
    {
      label: null,
      items: [
        { to: '/', label: 'Dashboard', icon: LayoutDashboard },
        { to: '/projects', label: 'Projets', icon: FolderKanban },
        { to: '/quotes', label: 'Devis & Pricing', icon: FileText },
        { to: '/work-orders', label: 'Ordres Fabrication', icon: ClipboardList },
        { to: '/goldbuy', label: "Achats d'Or", icon: Coins },
      ],
    },
    {
      label: 'Référentiels',
      items: [
        { to: '/clients', label: 'Clients', icon: UserSquare2 },
        { to: '/suppliers', label: 'Fournisseurs', icon: Truck },
        { to: '/diamonds', label: `Catalogue ${user.productWord.menu}`, icon: Gem },
        { to: '/stones', label: 'Pierres & Composants', icon: Puzzle },
        { to: '/products', label: 'Fiches produits', icon: Package },
        { to: '/production-steps', label: 'Étapes Production', icon: ListOrdered },
      ],
    },
    {
      label: 'Configuration',
      items: [
        { to: '/users', label: 'Utilisateurs', icon: Users },
        { to: '/logs', label: "Journal d'erreurs", icon: ScrollText },
        { to: '/settings', label: 'Paramètres', icon: Settings },
        { to: '/diamonds/feeds', label: 'Flux fournisseurs', icon: Rss },
      ],
    },
    {
      label: 'Super administration',
      items: [
        { to: '/superadmin/organizations', label: 'Organisations', icon: Building2 },
        { to: '/superadmin/data-sources', label: 'Sources de données', icon: Database },
        { to: '/superadmin/modules', label: 'Modules', icon: BookOpen },
      ],
    },
  ];
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => isVisible(item.to, user.role, disabledModules)) }))
    .filter((group) => group.items.length > 0);
}

function isVisible(to: string, role: string, disabledModules: ReadonlySet<string>): boolean {
  if (!canOpen(role, areaOfScreen(to))) return false;
  const module = moduleOfScreen(to);
  return !module || !disabledModules.has(module);
}

export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  if (to === '/diamonds') return pathname === '/diamonds' || pathname.startsWith('/diamond/');
  return pathname === to || pathname.startsWith(`${to}/`);
}
