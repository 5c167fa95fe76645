import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMetalLedger } from './api/get-metal-ledger';
import { MetalBalanceTable } from './components/metal-panel';
import { formatPct } from './lib/display';

/**
 * `/work-orders/metal`: the workshop's metal ledger per alloy: issued to the bench and to subcontractors, returned,
 * lost on finished orders (g and %, flagged above the settings' threshold), and what is still out on orders in progress.
 */
export default function MetalLedgerPage() {
  const ledger = useMetalLedger();
  return (
    <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-4" data-testid="metal-ledger-page">
      <Link
        to="/work-orders"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Ordres de fabrication
      </Link>
      <PageHeader
        title="Registre métal"
        description={
          ledger.data
            ? `Le métal sorti et rendu par alliage, sur tous les ordres. Seuil de perte : ${formatPct(ledger.data.metalLossWarningPct).replace(/,00 %$/, ' %')}.`
            : 'Le métal sorti et rendu par alliage, sur tous les ordres.'
        }
      />
      <Card>
        <CardContent className="p-4">
          {ledger.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
              <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
              <p className="font-medium">Impossible de charger le registre métal.</p>
              <Button variant="outline" size="sm" onClick={() => void ledger.refetch()}>
                Réessayer
              </Button>
            </div>
          ) : !ledger.data ? (
            <Skeleton className="h-40 w-full" />
          ) : ledger.data.alloys.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">Aucun métal sorti pour l’instant.</p>
          ) : (
            <MetalBalanceTable
              rows={ledger.data.alloys}
              thresholdPct={ledger.data.metalLossWarningPct}
              caption="Registre du métal par alliage"
            />
          )}
        </CardContent>
      </Card>
      <p className="text-xs text-muted-foreground">
        Perdu : sorti moins rendu sur les ordres terminés. En atelier : sorti moins rendu sur les ordres en cours.
      </p>
    </div>
  );
}
