import { Link } from 'react-router';
import { FileText, Package, Users, Wrench, Zap, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useCanOpen } from '@/features/access/use-can-open';
import { cn } from '@/lib/class-merge';

interface QuickAction {
  to: string;
  label: string;
  /** Name in the toast "Navigation vers {name}". */
  name: string;
  description: string;
  icon: LucideIcon;
}

/** "Actions Rapides": four shortcuts to the référentiels. */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  { to: '/clients', label: 'Gérer Clients', name: 'Clients', description: 'Clients & prospects', icon: Users },
  {
    to: '/suppliers',
    label: 'Gérer Fournisseurs',
    name: 'Fournisseurs',
    description: 'Ateliers & partenaires',
    icon: Wrench,
  },
  { to: '/quotes', label: 'Gérer Devis', name: 'Devis', description: 'Devis & pricing', icon: FileText },
  { to: '/products', label: 'Gérer Produits', name: 'Produits', description: 'Fiches produits', icon: Package },
];

/** True for a click the browser should handle itself (new tab or window), as React Router's Link decides. */
function opensElsewhere(event: React.MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * The quick actions the user may open (role and organization modules, like the menu), as real links: a
 * middle-click or Ctrl+click opens a new tab; a plain click navigates and toasts "Navigation vers ...".
 */
export function QuickActions({ className }: { className?: string }) {
  const { ready, canOpen } = useCanOpen();
  const actions = ready ? QUICK_ACTIONS.filter((a) => canOpen(a.to)) : [];
  if (ready && actions.length === 0) return null;
  return (
    <Card className={cn(className)} data-testid="quick-actions">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <h2 className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight">
          <Zap aria-hidden="true" className="size-5 text-gold-foreground" />
          Actions Rapides
        </h2>
        <CardDescription>Accès direct aux référentiels</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3 p-4 pt-0 sm:p-6 sm:pt-0" aria-busy={!ready}>
        {actions.map(({ to, label, name, description, icon: Icon }) => (
          <Button
            key={to}
            asChild
            variant="outline"
            className="h-auto flex-col items-start gap-1 p-3 text-left whitespace-normal"
          >
            <Link
              to={to}
              onClick={(event) => {
                if (!opensElsewhere(event)) toast({ title: `Navigation vers ${name}`, description });
              }}
            >
              <span className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" className="text-gold-foreground" />
                {label}
              </span>
              <span className="text-xs font-normal text-muted-foreground">{description}</span>
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
