import { useState } from 'react';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SHORTLIST_MAX, type ShortlistEntry } from '../lib/shortlist';
import { CompareDialog } from './compare-dialog';

/** The shortlist under the results, on every page of them: its stones, "Comparer", "Vider". */
export function ShortlistBar({
  entries,
  onRemove,
  onClear,
}: {
  entries: readonly ShortlistEntry[];
  onRemove: (id: string) => void;
  onClear: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  return (
    <section
      aria-label="Comparaison"
      className="sticky bottom-0 z-20 -mx-4 flex flex-col gap-2 border-t bg-background/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:rounded-lg sm:border"
      data-testid="shortlist-bar"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold">
          Comparaison ({entries.length}/{SHORTLIST_MAX})
        </p>
        <ul className="flex flex-wrap gap-1.5">
          {entries.map((e) => (
            <li
              key={e.id}
              className="inline-flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-xs"
            >
              {e.label}
              <button
                type="button"
                className="rounded p-1 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Retirer ${e.label} de la comparaison`}
                onClick={() => onRemove(e.id)}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onClear}>
            Vider
          </Button>
          <Button
            type="button"
            size="sm"
            disabled={entries.length < 2}
            title={entries.length < 2 ? 'Choisissez au moins deux pierres' : undefined}
            onClick={() => setOpen(true)}
          >
            Comparer
          </Button>
        </div>
      </div>
      <CompareDialog open={open} onOpenChange={setOpen} entries={entries} onRemove={onRemove} />
    </section>
  );
}
