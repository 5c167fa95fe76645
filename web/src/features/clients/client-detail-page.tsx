import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Archive, ArrowLeft, Pencil, RotateCcw } from 'lucide-react';
import { formatDateFr } from '@shared/format';
import {
  CIVILITY_LABELS,
  CLIENT_KIND_LABELS,
  CLIENT_STATUS_LABELS,
  type ClientDuplicate,
} from '@shared/schemas/clients';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useArchiveClient } from './api/archive-client';
import { useClient } from './api/get-client';
import { useRestoreClient } from './api/restore-client';
import { DuplicateWarning } from './duplicate-warning';
import { useCanWrite } from '@/hooks/use-can-write';
import { ClientProjectsPanel } from '@/features/projects/components/client-projects-panel';
import { ClientQuotesPanel } from './components/client-quotes-panel';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children || '—'}</dd>
    </div>
  );
}

/**
 * Sections for the client's records in modules that arrive later: honest empty states until then. Projects have
 * their own panel (features/projects), quotes too (./components/client-quotes-panel).
 */
const RELATED = [
  { key: 'workOrders', title: 'Ordres de fabrication', empty: 'Aucun ordre de fabrication pour ce client' },
  { key: 'goldBuys', title: "Achats d'or", empty: "Aucun achat d'or pour ce client" },
] as const;

const formatDate = (iso: string | null): string => formatDateFr(iso, '');

function errorText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined;
}

export default function ClientDetailPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useClient(id);
  const archive = useArchiveClient();
  const restore = useRestoreClient();
  const canWrite = useCanWrite('sales');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const duplicates = (location.state as { duplicates?: ClientDuplicate[] } | null)?.duplicates ?? [];

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <h1 className="text-xl font-semibold">{notFound ? 'Client introuvable' : 'Impossible de charger le client'}</h1>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void navigate('/clients')}>
            Retour à la liste
          </Button>
          {notFound ? null : <Button onClick={() => void query.refetch()}>Réessayer</Button>}
        </div>
      </div>
    );
  }
  const c = query.data;
  if (!c) return <Skeleton className="h-96 w-full" />;

  const onArchive = async () => {
    try {
      await archive.mutateAsync(c.id);
      toast({ title: 'Client archivé', description: c.displayName });
      setConfirmOpen(false);
      void navigate('/clients');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Archivage impossible', description: errorText(error) });
    }
  };
  const onRestore = async () => {
    try {
      await restore.mutateAsync(c.id);
      toast({ title: 'Client restauré', description: c.displayName });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Restauration impossible', description: errorText(error) });
    }
  };

  const address = [c.addressLine1, c.addressLine2, [c.postalCode, c.city].filter(Boolean).join(' '), c.country]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="flex flex-col gap-4" data-testid="client-detail">
      <Link
        to="/clients"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Clients & prospects
      </Link>
      <PageHeader
        title={c.displayName}
        description={
          <span className="flex flex-wrap gap-1">
            <Badge variant="secondary">{CLIENT_KIND_LABELS[c.kind]}</Badge>
            <Badge variant="outline">{CLIENT_STATUS_LABELS[c.status]}</Badge>
            {c.archivedAt ? <Badge variant="destructive">Archivé le {formatDate(c.archivedAt)}</Badge> : null}
          </span>
        }
        actions={
          canWrite ? (
            c.archivedAt ? (
              <Button variant="outline" onClick={() => void onRestore()} disabled={restore.isPending}>
                <RotateCcw aria-hidden="true" />
                Restaurer
              </Button>
            ) : (
              <>
                <Button asChild variant="outline">
                  <Link to={`/clients/${c.id}/edit`}>
                    <Pencil aria-hidden="true" />
                    Modifier
                  </Link>
                </Button>
                <Button variant="destructive" onClick={() => setConfirmOpen(true)}>
                  <Archive aria-hidden="true" />
                  Archiver
                </Button>
              </>
            )
          ) : null
        }
      />
      <DuplicateWarning duplicates={duplicates} />
      <section className="rounded-lg border bg-card p-4">
        <h2 className="mb-3 font-semibold">Coordonnées</h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Civilité">{c.civility ? CIVILITY_LABELS[c.civility] : ''}</Field>
          <Field label="Prénom">{c.firstName}</Field>
          <Field label="Nom">{c.lastName}</Field>
          <Field label="Société">{c.company}</Field>
          <Field label="E-mail">{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : ''}</Field>
          <Field label="Téléphone mobile">{c.phoneMobile}</Field>
          <Field label="Téléphone fixe">{c.phoneLandline}</Field>
          <Field label="Adresse">{address}</Field>
          <Field label="Date de naissance">{formatDate(c.birthDate)}</Field>
          <Field label="Étiquettes">
            {c.tags.length ? (
              <span className="flex flex-wrap gap-1">
                {c.tags.map((t) => (
                  <Badge key={t} variant="outline">
                    {t}
                  </Badge>
                ))}
              </span>
            ) : (
              ''
            )}
          </Field>
          <Field label="Consentement marketing">
            {c.marketingConsent
              ? `Oui${c.marketingConsentAt ? `, le ${formatDate(c.marketingConsentAt)}` : ''}`
              : 'Non'}
          </Field>
          <Field label="Client depuis">{formatDate(c.createdAt)}</Field>
        </dl>
        {c.notes ? (
          <div className="mt-3">
            <h3 className="text-xs text-muted-foreground">Notes</h3>
            <p className="whitespace-pre-wrap text-sm">{c.notes}</p>
          </div>
        ) : null}
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <ClientQuotesPanel clientId={c.id} canWrite={canWrite && !c.archivedAt} />
        <ClientProjectsPanel clientId={c.id} canWrite={canWrite && !c.archivedAt} />
        {RELATED.map((r) => (
          <section key={r.key} className="rounded-lg border bg-card p-4">
            <h2 className="mb-2 font-semibold">{r.title}</h2>
            {c.related[r.key].length === 0 ? (
              <p className="text-sm text-muted-foreground">{r.empty}</p>
            ) : (
              <p className="text-sm">{c.related[r.key].length} enregistrement(s)</p>
            )}
          </section>
        ))}
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Archiver ce client ?"
        description={`${c.displayName} n’apparaîtra plus dans la liste des clients actifs. Son historique est conservé et vous pourrez le restaurer.`}
        confirmLabel="Archiver"
        destructive
        onConfirm={onArchive}
      />
    </div>
  );
}
