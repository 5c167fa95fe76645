import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import type { WorkOrder, WorkOrderDetail } from '@shared/schemas/work-orders';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCanWrite } from '@/hooks/use-can-write';
import { ApiError, apiGet, isUnauthenticated } from '@/lib/api-client';
import { cn } from '@/lib/class-merge';
import { useAdvanceWorkOrder } from './api/advance-work-order';
import { useWorkOrderBoard } from './api/get-board';
import { workOrderPath } from './api/work-orders-path';
import { BoardCard } from './components/board-card';
import { advancesTo, columnKey, columnOf, type BoardColumn as Column } from './lib/board-moves';

/**
 * `/work-orders/board`: one column per production step plus "Terminé", the orders as cards. Write roles move a card
 * by dragging it to a later column of its route, or with its "Étape suivante" button (keyboard, touch); read roles
 * look. The columns scroll sideways on a phone.
 */
export default function WorkOrdersBoardPage() {
  const board = useWorkOrderBoard();
  const canWrite = useCanWrite('production');
  const advance = useAdvanceWorkOrder();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [dragged, setDragged] = useState<WorkOrder | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  /** The card moved with its button: keyboard focus follows it to its new column. */
  const follow = useRef<{ number: string; after: number } | null>(null);

  useEffect(() => {
    // Once the board has been read again after the move: the card stands in its new column.
    if (!follow.current || board.dataUpdatedAt <= follow.current.after) return;
    const moved = document.querySelector<HTMLElement>(
      `[data-testid="board-card"][data-number="${follow.current.number}"]`,
    );
    if (!moved) return;
    const target = moved.querySelector<HTMLElement>('button:not(:disabled)') ?? moved.querySelector<HTMLElement>('a');
    target?.focus();
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    follow.current = null;
  }, [board.dataUpdatedAt]);

  const fail = (error: unknown) => {
    if (isUnauthenticated(error)) return;
    toast({
      variant: 'destructive',
      title: 'Déplacement impossible',
      description: error instanceof ApiError ? error.serverMessage : undefined,
    });
    void board.refetch();
  };

  const told = (saved: WorkOrderDetail) => {
    const where = saved.status === 'termine' ? 'Terminé' : (saved.currentStep?.name ?? 'Terminé');
    setAnnounce(`${saved.number} : ${where}`);
    toast({ title: `${saved.number} avance`, description: `Étape en cours : ${where}` });
  };

  /** "Étape suivante": the current step done, the next one started. */
  const next = async (order: WorkOrder) => {
    setBusyId(order.id);
    try {
      told(await advance.mutateAsync({ id: order.id, version: order.version }));
      follow.current = { number: order.number, after: board.dataUpdatedAt };
    } catch (error) {
      fail(error);
    } finally {
      setBusyId(null);
    }
  };

  /** A drop on another column: as many advances as the route needs to reach it. */
  const moveTo = async (order: WorkOrder, target: Column) => {
    if (columnOf(order) === columnKey(target)) return;
    setBusyId(order.id);
    try {
      let detail = await apiGet<WorkOrderDetail>(workOrderPath(order.id));
      const count = advancesTo(detail, target);
      if (typeof count === 'string') {
        toast({ variant: 'destructive', title: 'Déplacement impossible', description: count });
        return;
      }
      for (let i = 0; i < count; i += 1) {
        detail = await advance.mutateAsync({ id: order.id, version: detail.version });
      }
      if (count > 0) told(detail);
    } catch (error) {
      fail(error);
    } finally {
      setBusyId(null);
    }
  };

  const drop = (event: DragEvent<HTMLElement>, column: Column) => {
    event.preventDefault();
    setOver(null);
    const order = dragged;
    setDragged(null);
    if (order) void moveTo(order, column);
  };

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="work-orders-board">
      <Link
        to="/work-orders"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Ordres de fabrication
      </Link>
      <PageHeader
        title="Tableau atelier"
        description={
          canWrite
            ? 'Les ordres en cours par étape. Glissez une carte vers une étape suivante de son parcours, ou utilisez « Étape suivante ».'
            : 'Les ordres en cours par étape de fabrication.'
        }
      />
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {board.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border p-8 text-center">
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <p className="font-medium">Impossible de charger le tableau.</p>
          <Button variant="outline" size="sm" onClick={() => void board.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !board.data ? (
        <div className="flex gap-3 overflow-hidden" aria-busy="true" aria-label="Chargement du tableau">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 w-72 shrink-0" />
          ))}
        </div>
      ) : board.data.columns.length === 0 ? (
        <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground">
          Aucune étape de production : créez-les dans « Étapes Production ».
        </p>
      ) : (
        <div
          className="-mx-3 overflow-x-auto px-3 pb-2 md:mx-0 md:px-0"
          role="region"
          aria-label="Colonnes du tableau atelier"
          tabIndex={0}
        >
          <ol className="flex w-max gap-3">
            {board.data.columns.map((column) => {
              const key = columnKey(column);
              const headingId = `board-column-${key}`;
              const droppable =
                canWrite && dragged !== null && column.kind !== 'unplanned' && columnOf(dragged) !== key;
              return (
                <li
                  key={key}
                  aria-labelledby={headingId}
                  data-testid="board-column"
                  data-column={column.name}
                  className={cn(
                    'flex w-72 shrink-0 flex-col gap-2 rounded-lg border bg-muted/40 p-2',
                    droppable && over === key && 'ring-2 ring-ring',
                  )}
                  onDragOver={(event) => {
                    if (!droppable) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (over !== key) setOver(key);
                  }}
                  onDragLeave={() => setOver((current) => (current === key ? null : current))}
                  onDrop={(event) => drop(event, column)}
                >
                  <h2 id={headingId} className="flex items-center justify-between px-1 text-sm font-semibold">
                    <span>{column.name}</span>
                    <span className="rounded-full bg-background px-2 text-xs text-muted-foreground tabular-nums">
                      {column.cards.length}
                    </span>
                  </h2>
                  {column.cards.length === 0 ? (
                    <p className="px-1 py-4 text-center text-xs text-muted-foreground">Aucun ordre</p>
                  ) : (
                    <ul className="flex flex-col gap-2">
                      {column.cards.map((card) => (
                        <li key={card.id}>
                          <BoardCard
                            order={card}
                            canMove={canWrite}
                            busy={busyId === card.id}
                            onAdvance={() => void next(card)}
                            onDragStart={(event) => {
                              event.dataTransfer.effectAllowed = 'move';
                              event.dataTransfer.setData('text/plain', card.id);
                              setDragged(card);
                            }}
                            onDragEnd={() => {
                              setDragged(null);
                              setOver(null);
                            }}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </div>
  );
}
