import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { formatEuro } from '@shared/format';
import type { QuotePricedLine } from '@shared/quote-pricing';
import { MAX_QUOTE_LINES, QUOTE_LINE_KIND_LABELS, QUOTE_LINE_KINDS, type QuoteLineKind } from '@shared/schemas/quotes';
import { LineRowActions } from '@/components/form/line-row-actions';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/class-merge';
import { emptyLine, type QuoteFormValues, type QuoteLineFormValues } from '../lib/quote-form';
import { QuoteLineFields } from './quote-line-fields';

/**
 * The lines of a draft: one card per line (its kind's fields, its price, what the client reads), moved with the
 * up/down buttons, removed with an "Annuler" in the toast; a button per kind adds one at the end.
 */
export function QuoteLinesEditor({
  pricedByKey,
  skippedKeys,
  canSeeCosts,
  vatRatePct,
  productNames,
}: {
  /** The live price of each line that parses, by line key. */
  pricedByKey: ReadonlyMap<string, QuotePricedLine>;
  /** Keys of the lines left out of the price and the save (still being typed). */
  skippedKeys: ReadonlySet<string>;
  canSeeCosts: boolean;
  vatRatePct: string;
  productNames: Readonly<Record<string, string>>;
}) {
  const { control, getValues } = useFormContext<QuoteFormValues>();
  // `keyName` keeps react-hook-form's own id off the line's `key`, which the API keeps.
  const { fields, append, remove, move, insert } = useFieldArray({ control, name: 'lines', keyName: 'fieldId' });

  const removeLine = (index: number) => {
    // The values as typed (the field array's `fields` keep those the line was added with).
    const line: QuoteLineFormValues | undefined = getValues(`lines.${index}`);
    if (!line) return;
    remove(index);
    toast({
      title: `Ligne ${index + 1} retirée`,
      description: QUOTE_LINE_KIND_LABELS[line.kind],
      action: (
        <Button type="button" variant="outline" size="sm" onClick={() => insert(index, line)}>
          Annuler
        </Button>
      ),
    });
  };

  const add = (kind: QuoteLineKind) => {
    append(emptyLine(kind, vatRatePct), { shouldFocus: false });
    // The new line's first field gets the focus once it is on screen.
    requestAnimationFrame(() => {
      const cards = document.querySelectorAll<HTMLElement>('[data-testid="quote-line"]');
      cards[cards.length - 1]?.querySelector<HTMLElement>('input, select, button:not([aria-label])')?.focus();
    });
  };

  return (
    <div className="space-y-3" data-testid="quote-lines-editor">
      {fields.length === 0 && (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          Aucune ligne. Ajoutez du métal, un diamant, de la main-d&apos;œuvre… avec les boutons ci-dessous.
        </p>
      )}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const priced = pricedByKey.get(field.key);
          const skipped = skippedKeys.has(field.key);
          return (
            <li
              key={field.fieldId}
              className={cn('rounded-lg border bg-card p-3 sm:p-4', skipped && 'border-amber-500/60')}
              data-testid="quote-line"
              aria-label={`Ligne ${index + 1} : ${QUOTE_LINE_KIND_LABELS[field.kind]}`}
            >
              <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="text-sm font-semibold">
                    {index + 1}. {QUOTE_LINE_KIND_LABELS[field.kind]}
                  </h3>
                  <LinePrice priced={priced} skipped={skipped} canSeeCosts={canSeeCosts} />
                </div>
                <LineRowActions index={index} count={fields.length} onMove={move} onRemove={removeLine} />
              </div>
              <QuoteLineFields index={index} kind={field.kind} productNames={productNames} />
            </li>
          );
        })}
      </ol>
      <div className="space-y-2">
        <p className="text-sm font-medium" id="add-line-label">
          Ajouter une ligne
        </p>
        <div className="flex flex-wrap gap-2" role="group" aria-labelledby="add-line-label">
          {QUOTE_LINE_KINDS.map((kind) => (
            <Button
              key={kind}
              type="button"
              size="sm"
              variant="outline"
              disabled={fields.length >= MAX_QUOTE_LINES}
              onClick={() => add(kind)}
            >
              <Plus aria-hidden="true" />
              {QUOTE_LINE_KIND_LABELS[kind]}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Under a line's title: its unit price and total excl. VAT (cost and margin for roles that see costs). */
function LinePrice({
  priced,
  skipped,
  canSeeCosts,
}: {
  priced: QuotePricedLine | undefined;
  skipped: boolean;
  canSeeCosts: boolean;
}) {
  if (skipped)
    return (
      <p className="text-xs font-medium text-amber-700 dark:text-amber-300" data-testid="line-incomplete">
        Ligne incomplète : ni chiffrée ni enregistrée
      </p>
    );
  if (!priced) return <p className="text-xs text-muted-foreground">Calcul…</p>;
  if (priced.total === null)
    return (
      <p className="text-xs font-medium text-destructive" data-testid="line-missing">
        Non chiffrée : {priced.missing?.message ?? 'prix inconnu'}
      </p>
    );
  return (
    <dl className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground" data-testid="line-price">
      <Figure label="PU HT" value={formatEuro(priced.unitPrice)} testId="line-unit-price" />
      <Figure label="Total HT" value={formatEuro(priced.total)} testId="line-total" strong />
      {canSeeCosts && priced.cost !== null && (
        <Figure label="Coût" value={formatEuro(priced.cost)} testId="line-cost" />
      )}
      {canSeeCosts && priced.margin !== null && (
        <Figure label="Marge" value={formatEuro(priced.margin)} testId="line-margin" />
      )}
      {priced.warning && (
        <span className="font-medium text-amber-700 dark:text-amber-300">{priced.warning.message}</span>
      )}
    </dl>
  );
}

function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className={cn('tabular-nums', strong && 'font-semibold text-foreground')} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
