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
  ScrollText,
  Settings,
  Truck,
  Users,
  UserSquare2,
} from 'lucide-react';
import type { CurrentUser } from '@shared/schemas/auth';

/**
 * Sidebar navigation (spec §2 "Navigation"). Items a role cannot open are hidden (brief §1, §7 matrix;
 * the server stays the judge). Roles outside the known list read what "other" reads.
 */

export type Area =
  | 'dashboard'
  | 'sales' // clients, projects, quotes
  | 'goldbuy'
  | 'catalogue' // suppliers, stones, products, diamonds
  | 'production' // work orders, production steps
  | 'admin' // users, settings
  | 'logs'
  | 'superadmin';

const ACCESS: Readonly<Record<Area, ReadonlySet<string> | 'all'>> = {
  dashboard: 'all',
  sales: new Set(['superadmin', 'admin', 'manager', 'sales', 'other']),
  goldbuy: new Set(['superadmin', 'admin', 'manager', 'sales']),
  catalogue: 'all',
  production: 'all',
  admin: new Set(['superadmin', 'admin', 'manager']),
  logs: new Set(['superadmin', 'admin', 'manager']),
  superadmin: new Set(['superadmin']),
};

const KNOWN_ROLES = new Set(['superadmin', 'admin', 'manager', 'sales', 'production']);

export function canOpen(role: string, area: Area): boolean {
  const allowed = ACCESS[area];
  if (allowed === 'all') return true;
  return allowed.has(KNOWN_ROLES.has(role) ? role : 'other');
}

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  area: Area;
}

export interface NavGroup {
  /** null for the main group, which has no heading. */
  label: string | null;
  items: NavItem[];
}

export function navigationFor(user: Pick<CurrentUser, 'role' | 'productWord'>): NavGroup[] {
  const groups: NavGroup[] = [
    {
      label: null,
      items: [
        { to: '/', label: 'Dashboard', icon: LayoutDashboard, area: 'dashboard' },
        { to: '/projects', label: 'Projets', icon: FolderKanban, area: 'sales' },
        { to: '/quotes', label: 'Devis & Pricing', icon: FileText, area: 'sales' },
        { to: '/work-orders', label: 'Ordres Fabrication', icon: ClipboardList, area: 'production' },
        { to: '/goldbuy', label: "Achats d'Or", icon: Coins, area: 'goldbuy' },
      ],
    },
    {
      label: 'Référentiels',
      items: [
        { to: '/clients', label: 'Clients', icon: UserSquare2, area: 'sales' },
        { to: '/suppliers', label: 'Fournisseurs', icon: Truck, area: 'catalogue' },
        { to: '/diamonds', label: `Catalogue ${user.productWord.menu}`, icon: Gem, area: 'catalogue' },
        { to: '/stones', label: 'Pierres & Composants', icon: Puzzle, area: 'catalogue' },
        { to: '/products', label: 'Fiches produits', icon: Package, area: 'catalogue' },
        { to: '/production-steps', label: 'Étapes Production', icon: ListOrdered, area: 'production' },
      ],
    },
    {
      label: 'Configuration',
      items: [
        { to: '/users', label: 'Utilisateurs', icon: Users, area: 'admin' },
        { to: '/logs', label: "Journal d'erreurs", icon: ScrollText, area: 'logs' },
        { to: '/settings', label: 'Paramètres', icon: Settings, area: 'admin' },
      ],
    },
    {
      label: 'Super administration',
      items: [
        { to: '/superadmin/organizations', label: 'Organisations', icon: Building2, area: 'superadmin' },
        { to: '/superadmin/data-sources', label: 'Sources de données', icon: Database, area: 'superadmin' },
        { to: '/superadmin/modules', label: 'Modules', icon: BookOpen, area: 'superadmin' },
      ],
    },
  ];
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => canOpen(user.role, item.area)) }))
    .filter((group) => group.items.length > 0);
}

export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  if (to === '/diamonds') return pathname === '/diamonds' || pathname.startsWith('/diamond/');
  return pathname === to || pathname.startsWith(`${to}/`);
}
