import { Fragment } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, FileText } from 'lucide-react';
import { formatDateFr } from '@shared/format';
import type { WorkOrderDetail } from '@shared/schemas/work-orders';
import { ArchiveActions } from '@/components/form/archive-actions';
import { PageHeader } from '@/components/form/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanOpen } from '@/features/access/use-can-open';
import { useCanWrite } from '@/hooks/use-can-write';
import { usePageTitleDetail } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useArchiveWorkOrder } from './api/archive-work-order';
import { isWorkOrderId, useWorkOrder } from './api/get-work-order';
import { useRestoreWorkOrder } from './api/restore-work-order';
import { jobSheetHref } from './api/work-orders-path';
import { MetalPanel } from './components/metal-panel';
import { RouteEditor } from './components/route-editor';
import { StonesPanel } from './components/stones-panel';
import { WorkOrderPhotos } from './components/work-order-photos';
import { LateBadge, PriorityBadge, WorkOrderStatusBadge } from './components/work-order-badges';
import { WorkOrderLines } from './components/work-order-lines';
import { progressLabel } from './lib/display';
import { WorkOrderForm } from './work-order-form';

/** Status, lateness, priority, due date, and where the order comes from (its quote, its project). */
function Summary({ order, links }: { order: WorkOrderDetail; links: { quote: boolean; project: boolean } }) {
  return (
    <span className="flex flex-col gap-2">
      <span className="text-base text-foreground">{order.title}</span>
      <span className="flex flex-wrap items-center gap-2">
        {order.archivedAt ? <Badge variant="destructive">Archivé</Badge> : null}
        <WorkOrderStatusBadge status={order.status} />
        {order.late ? <LateBadge /> : null}
        <PriorityBadge status={order.priority} />
        <span>Échéance : {formatDateFr(order.dueDate, 'non fixée')}</span>
        <span aria-label={`${order.stepsDone} étapes faites sur ${order.stepCount}`}>
          Avancement : {progressLabel(order)}
        </span>
        {order.clientName ? <span>Client : {order.clientName}</span> : null}
        {order.quote ? (
          links.quote ? (
            <Link to={`/quotes/${order.quote.id}`} className="underline underline-offset-2 hover:text-foreground">
              Devis {order.quote.number ?? order.quote.title}
            </Link>
          ) : (
            <span>Devis {order.quote.number ?? order.quote.title}</span>
          )
        ) : null}
        {order.project ? (
          links.project ? (
            <Link to={`/projects/${order.project.id}`} className="underline underline-offset-2 hover:text-foreground">
              Projet {order.project.title}
            </Link>
          ) : (
            <span>Projet {order.project.title}</span>
          )
        ) : null}
      </span>
    </span>
  );
}

/**
 * `/work-orders/:id`: the order's header (editable by write roles), the quote's lines, the route editor, the metal
 * issued and returned with its balance, the stones taken from stock, the job sheet PDF, archive and restore.
 */
export default function WorkOrderPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useWorkOrder(id);
  const archive = useArchiveWorkOrder();
  const restore = useRestoreWorkOrder();
  const canWrite = useCanWrite('production');
  const { ready, canOpen } = useCanOpen();
  const links = { quote: ready && canOpen('/quotes'), project: ready && canOpen('/projects') };
  const order = query.data;
  usePageTitleDetail(order?.number);
  const reload = async () => (await query.refetch()).data;

  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-4" data-testid="work-order-page">
      <Link
        to="/work-orders"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Ordres de fabrication
      </Link>
      {!isWorkOrderId(id) ? (
        <div role="alert">
          <h1 className="text-xl font-semibold">Ordre de fabrication introuvable.</h1>
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <h1 className="text-xl font-semibold">
            {query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)
              ? 'Ordre de fabrication introuvable.'
              : 'Impossible de charger l’ordre de fabrication.'}
          </h1>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !order ? (
        <>
          <h1 className="sr-only">Chargement de l’ordre de fabrication</h1>
          <Skeleton className="h-96 w-full" />
        </>
      ) : (
        <>
          <PageHeader
            title={order.number}
            description={<Summary order={order} links={links} />}
            actions={
              <>
                <Button asChild variant="outline">
                  <a href={jobSheetHref(order.id)} target="_blank" rel="noopener">
                    <FileText aria-hidden="true" />
                    Fiche atelier (PDF)
                  </a>
                </Button>
                {canWrite ? (
                  <ArchiveActions
                    archived={Boolean(order.archivedAt)}
                    name={order.number}
                    noun="cet ordre de fabrication"
                    onArchive={() => archive.mutateAsync(order.id)}
                    onRestore={() => restore.mutateAsync(order.id)}
                    onArchived={() => void navigate('/work-orders')}
                  />
                ) : null}
              </>
            }
          />
          {/* A new key after archive/restore: the forms open again with the record's values and read-only state. */}
          <Fragment key={`${order.id}-${order.archivedAt ?? ''}`}>
            <WorkOrderForm order={order} readOnly={!canWrite || Boolean(order.archivedAt)} onReload={reload} />
            {order.photos.length ? <WorkOrderPhotos photos={order.photos} /> : null}
            {order.lines.length ? <WorkOrderLines lines={order.lines} /> : null}
            <RouteEditor order={order} canWrite={canWrite} onReload={reload} />
            <MetalPanel order={order} canWrite={canWrite} />
            <StonesPanel orderId={order.id} canWrite={canWrite && !order.archivedAt} />
          </Fragment>
        </>
      )}
    </div>
  );
}
