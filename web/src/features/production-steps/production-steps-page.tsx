import { ArrowDown, ArrowUp } from 'lucide-react';
import { formatEuro } from '@shared/format';
import {
  PRODUCTION_STEP_MODES,
  PRODUCTION_STEP_MODE_LABELS,
  type ProductionStep,
} from '@shared/schemas/production-steps';
import { ArchiveFilter, archiveView } from '@/components/data-table/archive-filter';
import type { Column } from '@/components/data-table/data-table';
import { ListFilterSelect } from '@/components/data-table/filter-select';
import { ListPage } from '@/components/data-table/list-page';
import { useListState } from '@/components/data-table/use-list-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCanWrite } from '@/hooks/use-can-write';
import { ApiError } from '@/lib/api-client';
import { useProductionStepsList } from './api/list-production-steps';
import { PRODUCTION_STEPS_PATH } from './api/production-steps-path';
import { useReorderProductionSteps } from './api/reorder-production-steps';
import { moveId } from './move-item';

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${String(m).padStart(2, '0')}` : `${h} h`;
}

const DEFAULTS = { sort: 'position', filters: { mode: '', archived: 'false' }, pageSize: 100 };

export default function ProductionStepsPage() {
  const [state, setState] = useListState(DEFAULTS);
  const list = useProductionStepsList(state);
  const canWrite = useCanWrite('production');
  const reorder = useReorderProductionSteps();
  // Reordering and its notice belong to the active steps only (not "Archivées" nor "Toutes").
  const view = archiveView(state);
  const archived = view !== 'false';
  const items = list.data?.items ?? [];
  // Reordering needs the whole active list in its order: no search, filter or other sort, everything on one page.
  const canReorder =
    canWrite &&
    state.sort === 'position' &&
    state.dir === 'asc' &&
    !state.q &&
    !state.filters.mode &&
    !archived &&
    list.data !== undefined &&
    list.data.total === items.length;

  const move = (step: ProductionStep, delta: -1 | 1) => {
    const ids = moveId(
      items.map((s) => s.id),
      step.id,
      delta,
    );
    reorder.mutate(ids, {
      onSuccess: () => toast({ title: 'Ordre des étapes enregistré' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Réorganisation impossible',
          description: error instanceof ApiError ? error.serverMessage : undefined,
        }),
    });
  };

  const columns: Column<ProductionStep>[] = [
    {
      id: 'position',
      header: 'Ordre',
      sortable: true,
      className: 'w-28',
      // The reorder buttons: the row's link is on the step's name.
      interactive: true,
      cell: (s) => {
        const index = items.indexOf(s);
        return (
          <div className="flex items-center gap-1">
            <span className="w-6 tabular-nums text-muted-foreground">{s.position}</span>
            {canReorder ? (
              <span
                className="flex gap-0.5"
                onClick={(e) => e.stopPropagation()}
                onKeyDown={(e) => e.stopPropagation()}
              >
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Monter ${s.name}`}
                  disabled={index <= 0 || reorder.isPending}
                  onClick={() => move(s, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={`Descendre ${s.name}`}
                  disabled={index >= items.length - 1 || reorder.isPending}
                  onClick={() => move(s, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'name',
      header: 'Étape',
      sortable: true,
      cell: (s) => (
        <div className="flex flex-col">
          <span className="font-medium">{s.name}</span>
          <span className="text-xs text-muted-foreground">
            {s.code}
            {s.archivedAt ? ' · Archivée' : ''}
          </span>
        </div>
      ),
    },
    {
      id: 'mode',
      header: 'Réalisation',
      cell: (s) => (
        <div className="flex flex-col gap-0.5">
          <Badge variant={s.mode === 'internal' ? 'secondary' : 'outline'} className="w-fit">
            {PRODUCTION_STEP_MODE_LABELS[s.mode]}
          </Badge>
          {s.supplierName ? <span className="text-xs text-muted-foreground">{s.supplierName}</span> : null}
        </div>
      ),
    },
    {
      id: 'defaultDurationMinutes',
      header: 'Durée par défaut',
      sortable: true,
      cell: (s) => formatDuration(s.defaultDurationMinutes),
      className: 'hidden sm:table-cell',
    },
    {
      id: 'hourlyRate',
      header: 'Taux horaire',
      sortable: true,
      cell: (s) => (s.hourlyRate === null ? '—' : `${formatEuro(s.hourlyRate)}/h`),
      className: 'hidden md:table-cell',
    },
  ];

  return (
    <ListPage<ProductionStep>
      testId="production-steps-page"
      title="Étapes Production"
      description="Le référentiel des étapes de fabrication, dans l’ordre de l’atelier, internes ou sous-traitées."
      basePath="/production-steps"
      createLabel="Nouvelle étape"
      canWrite={canWrite}
      notice={
        canWrite && !canReorder && !archived ? (
          <p className="text-xs text-muted-foreground">
            Pour réordonner les étapes, affichez la liste complète triée par ordre, sans recherche ni filtre.
          </p>
        ) : null
      }
      columns={columns}
      list={list}
      state={state}
      onStateChange={setState}
      searchPlaceholder="Nom ou code de l’étape…"
      emptyTitle={view === 'true' ? 'Aucune étape archivée' : 'Aucune étape trouvée'}
      emptyDescription={state.q ? 'Essayez une autre recherche.' : 'Ajoutez les étapes de votre atelier.'}
      csv={{ path: PRODUCTION_STEPS_PATH, filename: 'etapes-production.csv' }}
      filters={
        <>
          <ListFilterSelect
            label="Réalisation"
            filter="mode"
            state={state}
            onStateChange={setState}
            options={PRODUCTION_STEP_MODES.map((m) => ({ value: m, label: PRODUCTION_STEP_MODE_LABELS[m] }))}
            allLabel="Toutes"
          />
          <ArchiveFilter state={state} onStateChange={setState} feminine />
        </>
      }
    />
  );
}
