import { useState } from 'react';
import { Pencil, Plus, SquarePen, Zap } from 'lucide-react';
import { acceptsApiKey, type DataSourceTestResult, type DataSourceView } from '@shared/schemas/superadmin';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { ApiError } from '@/lib/api-client';
import { DataSourceDialog, KIND_LABELS } from './data-source-dialog';
import { ManualPricesDialog, ManualPricesSummary } from './manual-prices-dialog';
import { useDataSources, useSaveDataSource, useTestDataSource } from './superadmin-api';

const STATUS: Record<
  DataSourceView['health']['status'],
  { label: string; variant: 'secondary' | 'destructive' | 'outline' }
> = {
  ok: { label: 'OK', variant: 'secondary' },
  failing: { label: 'En échec', variant: 'destructive' },
  unknown: { label: 'Inconnu', variant: 'outline' },
  disabled: { label: 'Désactivée', variant: 'outline' },
};

function messageOf(e: Error): string {
  return e instanceof ApiError ? e.serverMessage : e.message;
}

function SourceCard({
  source,
  onEdit,
  onTypePrices,
}: {
  source: DataSourceView;
  onEdit: () => void;
  onTypePrices: () => void;
}) {
  const test = useTestDataSource();
  const save = useSaveDataSource();
  const [result, setResult] = useState<DataSourceTestResult | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const status = STATUS[source.health.status];
  const toggle = (enabled: boolean) =>
    save.mutateAsync({ id: source.id, body: { enabled } }).then(
      () => {
        setConfirmDisable(false);
        toast({ title: enabled ? 'Source activée' : 'Source désactivée', description: source.name });
      },
      (e: Error) => {
        setConfirmDisable(false);
        toast({ title: 'Changement impossible', description: messageOf(e), variant: 'destructive' });
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="text-base">{source.name}</CardTitle>
          <p className="text-xs text-muted-foreground">
            {KIND_LABELS[source.kind] ?? source.kind} — priorité {source.priority} — {source.instruments.join(', ')}
          </p>
        </div>
        <Badge variant={status.variant}>{status.label}</Badge>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Dernier succès</dt>
          <dd>{formatDateTime(source.health.lastSuccessAt)}</dd>
          <dt className="text-muted-foreground">Dernière erreur</dt>
          <dd className="break-words">
            {source.health.lastErrorAt
              ? `${formatDateTime(source.health.lastErrorAt)} — ${source.health.lastError ?? ''}`
              : '—'}
          </dd>
          <dt className="text-muted-foreground">Latence</dt>
          <dd>{source.health.lastLatencyMs !== null ? `${source.health.lastLatencyMs} ms` : '—'}</dd>
          {acceptsApiKey(source.kind) ? (
            <>
              <dt className="text-muted-foreground">Clé d&apos;API</dt>
              <dd className="font-mono">{source.secretMasked ?? 'aucune'}</dd>
            </>
          ) : null}
        </dl>
        {source.kind === 'manual' ? <ManualPricesSummary source={source} /> : null}
        {result && (
          <div
            role="status"
            className={`rounded-md border p-3 ${result.ok ? 'border-emerald-500/50' : 'border-destructive/50'}`}
          >
            <p className="font-medium">
              {result.ok ? 'Test réussi' : 'Test en échec'} ({result.latencyMs} ms)
            </p>
            {result.readings.length > 0 && (
              <ul className="mt-1 text-xs">
                {result.readings.map((r) => (
                  <li key={r.instrument}>
                    {r.instrument} : {r.value} ({formatDateTime(r.observedAt)})
                  </li>
                ))}
              </ul>
            )}
            {result.problems.length > 0 && (
              <ul className="mt-1 text-xs text-destructive">
                {result.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {source.kind === 'manual' ? (
            <Button size="sm" onClick={onTypePrices}>
              <SquarePen aria-hidden="true" />
              Saisir les cours
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(source.id, {
                onSuccess: setResult,
                onError: (e) => toast({ title: 'Test impossible', description: messageOf(e), variant: 'destructive' }),
              })
            }
          >
            <Zap aria-hidden="true" />
            {test.isPending ? 'Test en cours...' : 'Tester maintenant'}
          </Button>
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Modifier
          </Button>
          {source.enabled ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirmDisable(true)}>
              Désactiver
            </Button>
          ) : (
            <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => void toggle(true)}>
              Activer
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirmDisable}
        title={`Désactiver ${source.name} ?`}
        description="Ses cours ne seront plus relevés ; les autres sources prennent le relais selon leur priorité."
        confirmLabel="Désactiver"
        destructive
        onOpenChange={setConfirmDisable}
        onConfirm={() => toggle(false)}
      />
    </Card>
  );
}

/**
 * Superadmin — market data sources: health, create/edit (write-only secret for HTTP providers), enable/disable,
 * test now, and the price grid of a manual source (opened at once after creating one).
 */
export default function DataSourcesPage() {
  const sources = useDataSources();
  const [editing, setEditing] = useState<DataSourceView | 'new' | null>(null);
  const [pricing, setPricing] = useState<DataSourceView | null>(null);
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Sources de données"
        description="Les fournisseurs de cours, par priorité, avec leur état."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Nouvelle source
          </Button>
        }
      />
      {sources.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>Impossible de charger les sources.</p>
          <Button variant="outline" size="sm" onClick={() => void sources.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !sources.data ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      ) : sources.data.length === 0 ? (
        <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground">Aucune source configurée.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {sources.data.map((s) => (
            <SourceCard key={s.id} source={s} onEdit={() => setEditing(s)} onTypePrices={() => setPricing(s)} />
          ))}
        </div>
      )}
      {editing && (
        <DataSourceDialog
          key={editing === 'new' ? 'new' : editing.id}
          source={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => created.kind === 'manual' && setPricing(created)}
        />
      )}
      {pricing && <ManualPricesDialog key={pricing.id} source={pricing} onClose={() => setPricing(null)} />}
    </section>
  );
}
