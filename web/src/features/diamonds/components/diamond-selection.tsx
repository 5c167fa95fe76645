import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Gem, RefreshCw } from 'lucide-react';
import { DEFAULT_PRODUCT_WORD_TOAST, DIAMOND_WEIGHT_RANGES, DIAMONDS_PER_SELECTION } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/auth-context';
import { SELECT_CLASS } from '@/features/dashboard/select-class';
import { cn } from '@/lib/class-merge';
import { useRandomDiamonds } from '../api/get-random-diamonds';
import { DiamondCard, DiamondCardSkeleton } from './diamond-card';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3';

/** "Sélection Catalogue Diamant": weight filter, six random diamonds, refresh with toasts. */
export function DiamondSelection({ className }: { className?: string }) {
  const [range, setRange] = useState('all');
  const query = useRandomDiamonds(range);
  const { user } = useAuth();
  const productWord = user?.productWord?.toast || DEFAULT_PRODUCT_WORD_TOAST;
  const refreshing = query.isFetching && !query.isPending;

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isError) {
      toast({ title: 'Erreur', description: "Impossible d'actualiser la sélection", variant: 'destructive' });
    } else {
      toast({ title: 'Sélection actualisée', description: `Nouvelle sélection de ${productWord} chargée` });
    }
  };

  return (
    <Card className={cn('flex flex-col', className)} data-testid="diamond-selection">
      <CardHeader className="gap-3 space-y-0 p-4 pb-4 sm:p-6 sm:pb-4">
        <div className="flex items-start justify-between gap-2">
          <div className="space-y-1">
            <h2 className="flex items-center gap-2 text-lg leading-none font-semibold tracking-tight">
              <Gem aria-hidden="true" className="size-5 text-gold-foreground" />
              Sélection Catalogue Diamant
            </h2>
            <CardDescription>{DIAMONDS_PER_SELECTION} pierres tirées au hasard dans le catalogue</CardDescription>
          </div>
          <Button
            variant="outline"
            size="icon"
            aria-label="Actualiser la sélection"
            title="Actualiser la sélection"
            data-testid="diamond-selection-refresh"
            onClick={refresh}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
          </Button>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1 space-y-1">
            <Label htmlFor="diamond-weight-range">Poids</Label>
            <select
              id="diamond-weight-range"
              data-testid="diamond-weight-range"
              value={range}
              onChange={(event) => setRange(event.target.value)}
              className={SELECT_CLASS}
            >
              {DIAMOND_WEIGHT_RANGES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" asChild>
            <Link to="/diamonds">Catalogue Complet</Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex-1 p-4 pt-0 sm:p-6 sm:pt-0">
        {query.isPending ? (
          <div className={grid} aria-busy="true">
            <span className="sr-only">Chargement de la sélection…</span>
            {Array.from({ length: DIAMONDS_PER_SELECTION }, (_, i) => (
              <DiamondCardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 py-8 text-center"
            data-testid="diamond-selection-error"
          >
            <AlertTriangle aria-hidden="true" className="size-8 text-destructive" />
            <p className="font-medium">Catalogue temporairement indisponible</p>
            <p className="text-sm text-muted-foreground">{query.error.message}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="outline" onClick={() => void query.refetch()}>
                Réessayer
              </Button>
              <Button variant="secondary" asChild>
                <Link to="/diamonds">Voir le catalogue</Link>
              </Button>
            </div>
          </div>
        ) : query.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center" data-testid="diamond-selection-empty">
            <p className="text-muted-foreground">Aucun diamant disponible pour le moment</p>
            <Button variant="outline" onClick={refresh}>
              <RefreshCw aria-hidden="true" />
              Actualiser
            </Button>
          </div>
        ) : (
          <div className={grid}>
            {query.data.map((d) => (
              <DiamondCard key={d.id} diamond={d} />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
