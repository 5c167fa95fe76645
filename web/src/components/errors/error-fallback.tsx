import { useState } from 'react';
import { AlertTriangle, ChevronDown, ChevronUp, Copy, RefreshCw, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { formatErrorReport, type ErrorReport } from './error-details';

/** Fallback screen: message, "Réessayer", "Copier l'erreur", "Voir/Masquer détails", "Actualiser la page". */
export function ErrorFallback({ report, onReset }: { report: ErrorReport; onReset: () => void }) {
  const [showDetails, setShowDetails] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(formatErrorReport(report));
      toast({ title: 'Erreur copiée', description: 'Les détails sont dans le presse-papiers.' });
    } catch {
      toast({ title: 'Erreur', description: 'Impossible de copier les détails', variant: 'destructive' });
    }
  };

  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center p-4">
      <Card className="w-full max-w-2xl">
        <CardHeader>
          <div className="flex items-center gap-3">
            <AlertTriangle className="size-6 shrink-0 text-destructive" aria-hidden="true" />
            <CardTitle level={1} className="text-xl">
              Une erreur est survenue
            </CardTitle>
          </div>
          <CardDescription>
            Nos équipes ont été automatiquement notifiées. Vous pouvez réessayer ou actualiser la page.
          </CardDescription>
        </CardHeader>
        {showDetails && (
          <CardContent>
            <dl className="grid gap-3 text-sm" data-testid="error-details">
              <div>
                <dt className="font-medium">ID de l&apos;erreur</dt>
                <dd className="font-mono text-xs text-muted-foreground">{report.errorId}</dd>
              </div>
              <div>
                <dt className="font-medium">Message</dt>
                <dd className="break-words font-mono text-xs text-muted-foreground">{report.message}</dd>
              </div>
              <div>
                <dt className="font-medium">Stack</dt>
                <dd>
                  <pre className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-2 font-mono text-xs text-muted-foreground">
                    {report.stack ?? '(aucune)'}
                  </pre>
                </dd>
              </div>
              <div>
                <dt className="font-medium">Component stack</dt>
                <dd>
                  <pre className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-2 font-mono text-xs text-muted-foreground">
                    {report.componentStack?.trim() || '(aucune)'}
                  </pre>
                </dd>
              </div>
            </dl>
          </CardContent>
        )}
        <CardFooter className="flex flex-wrap gap-2">
          <Button onClick={onReset}>
            <RotateCcw aria-hidden="true" />
            Réessayer
          </Button>
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copier l&apos;erreur
          </Button>
          <Button variant="outline" onClick={() => setShowDetails((v) => !v)} aria-expanded={showDetails}>
            {showDetails ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {showDetails ? 'Masquer détails' : 'Voir détails'}
          </Button>
          <Button variant="ghost" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Actualiser la page
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
