import { useCallback, useMemo, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import type { QuotePricedLine } from '@shared/quote-pricing';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { LineFieldsProvider } from '@/components/form/line-fields';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { usePricingSettings } from '@/lib/pricing-settings';
import { PREVIEW_DEBOUNCE_MS, useQuotePricingPreview } from '../api/pricing-preview';
import { useQuoteAction } from '../api/quote-mutations';
import { useQuoteAutosave } from '../api/use-quote-autosave';
import { lineNumbersText } from '../lib/display';
import {
  draftSaveRequest,
  formValuesFromQuote,
  parseLines,
  pricedNameOf,
  quoteFormSchema,
  type ParsedLine,
  type QuoteFormValues,
} from '../lib/quote-form';
import { QuoteActions } from './quote-actions';
import { QuoteHeader } from './quote-header';
import { QuoteHistoryCard } from './quote-history';
import { QuoteClientFields, QuoteTermsFields } from './quote-info-fields';
import { QuoteLinesEditor } from './quote-lines-editor';
import { MarketUsedText, QuoteTotals, StickyTotalsBar } from './quote-totals';
import { SaveStatus } from './save-status';
import { TodayPrice } from './today-price';

/**
 * The builder of a draft: client and project, lines of every kind priced live while typing (the lines that parse
 * are sent to the pricing preview 300 ms after the last keystroke), totals, terms; saved by itself 1.5 s after the
 * last change (use-quote-autosave.ts). Enter never submits: there is nothing to submit.
 */
export function QuoteBuilder({
  quote,
  refetch,
  canWrite,
}: {
  /** The latest copy the server answered (autosave, actions). */
  quote: QuoteDetail;
  refetch: () => Promise<QuoteDetail | undefined>;
  canWrite: boolean;
}) {
  const settings = usePricingSettings();
  const vatFallback = settings.data?.vatRatePct ?? '20';
  const toValues = useCallback((q: QuoteDetail) => formValuesFromQuote(q, vatFallback), [vatFallback]);
  // The form opens once with the quote as loaded; later copies (autosave answers) never replace what is typed.
  const [initial] = useState(() => toValues(quote));
  const form = useZodForm<QuoteFormValues, unknown>(quoteFormSchema, initial);
  const autosave = useQuoteAutosave({ form, quote, refetch, toValues });
  const reprice = useQuoteAction(quote.id);
  const [revealErrors, setRevealErrors] = useState(false);

  const values = useWatch({ control: form.control }) as QuoteFormValues;
  const parsed = parseLines(values.lines ?? []);
  const skippedKeys = new Set(
    parsed.skippedLines.map((n) => values.lines[n - 1]?.key).filter((k): k is string => Boolean(k)),
  );
  // The preview waits for the typing to pause; the wait compares text, not object identity.
  const linesText = JSON.stringify(parsed.lines);
  const debouncedText = useDebouncedValue(linesText, PREVIEW_DEBOUNCE_MS);
  const debouncedLines = useMemo(() => JSON.parse(debouncedText) as ParsedLine[], [debouncedText]);
  const preview = useQuotePricingPreview(debouncedLines);
  const previewBusy = debouncedText !== linesText || preview.isFetching;
  const pricing = preview.data?.pricing ?? null;

  // The priced lines come back in the order sent: each goes to the line (by key) it prices.
  const pricedByKey = new Map<string, QuotePricedLine>();
  pricing?.lines.forEach((line, i) => {
    const key = preview.data?.keys[i];
    if (key) pricedByKey.set(key, line);
  });

  const productNames = useMemo(() => {
    const names: Record<string, string> = {};
    quote.lines.forEach((line, i) => {
      const name = pricedNameOf(quote, i);
      if (line.kind === 'product' && name) names[line.productId] = name;
    });
    return names;
  }, [quote]);

  /** Before sending: everything saved, every line complete, a client chosen. */
  const prepare = async () => {
    const request = draftSaveRequest(form.getValues());
    if (!request.body) {
      await form.trigger();
      toast({ variant: 'destructive', title: 'Envoi impossible', description: 'Corrigez les champs signalés.' });
      return false;
    }
    if (request.skippedLines.length > 0) {
      setRevealErrors(true);
      await form.trigger('lines');
      toast({
        variant: 'destructive',
        title: 'Envoi impossible',
        description: `${lineNumbersText(request.skippedLines)} : à compléter ou retirer avant l’envoi.`,
      });
      return false;
    }
    if (!request.body.clientId) {
      form.setError('clientId', { type: 'manual', message: 'Choisissez le client du devis' }, { shouldFocus: true });
      toast({ variant: 'destructive', title: 'Envoi impossible', description: 'Choisissez le client du devis.' });
      return false;
    }
    if (request.body.lines.length === 0) {
      toast({ variant: 'destructive', title: 'Envoi impossible', description: 'Ajoutez au moins une ligne.' });
      return false;
    }
    if (await autosave.flush()) return true;
    toast({
      variant: 'destructive',
      title: 'Envoi impossible',
      description: 'Le brouillon n’a pas pu être enregistré : voyez l’état de l’enregistrement sous le titre.',
    });
    return false;
  };

  const onReprice = async () => {
    if (!(await autosave.flush())) return;
    try {
      const saved = await reprice.mutateAsync({ action: 'reprice', version: autosave.version() });
      autosave.adopt(saved);
      toast({ title: 'Prix mis à jour', description: 'Le brouillon est au prix du jour.' });
    } catch (error) {
      if (isUnauthenticated(error)) return;
      toast({
        variant: 'destructive',
        title: 'Mise à jour impossible',
        description: error instanceof ApiError ? error.serverMessage : undefined,
      });
    }
  };

  const unsaved = parsed.skippedLines.length > 0 || autosave.status === 'invalid' || autosave.status === 'error';
  const quoteFee = values.isFree === 'false' && values.quoteFee ? values.quoteFee.replace(',', '.') : null;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(e) => e.preventDefault()}
        className="space-y-4 md:space-y-6"
        data-testid="quote-builder"
        aria-label="Devis en cours de rédaction"
      >
        <UnsavedChangesGuard when={unsaved} />
        <QuoteHeader quote={quote} status={<SaveStatus autosave={autosave} skippedLines={parsed.skippedLines} />}>
          <QuoteActions
            quote={quote}
            canWrite={canWrite}
            version={autosave.version}
            prepare={prepare}
            onChanged={autosave.adopt}
          />
        </QuoteHeader>
        <TodayPrice quote={quote} onReprice={() => void onReprice()} repricing={reprice.isPending} />
        <div className="grid gap-4 md:gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-4 md:space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>Client et projet</CardTitle>
              </CardHeader>
              <CardContent>
                <QuoteClientFields />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Lignes</CardTitle>
              </CardHeader>
              <CardContent className="px-3 sm:px-6">
                {/* Until a refused "Envoyer" reveals them all, a line's field shows its error once it has been left. */}
                <LineFieldsProvider arrayName="lines" errorsOnceTouched={!revealErrors} wrapInputs>
                  <QuoteLinesEditor
                    pricedByKey={pricedByKey}
                    skippedKeys={skippedKeys}
                    canSeeCosts={quote.canSeeCosts}
                    vatRatePct={vatFallback}
                    productNames={productNames}
                  />
                </LineFieldsProvider>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Conditions</CardTitle>
              </CardHeader>
              <CardContent>
                <QuoteTermsFields defaultValidityDays={settings.data?.quoteValidityDays} />
              </CardContent>
            </Card>
          </div>
          <aside aria-label="Totaux et historique" className="space-y-4 md:space-y-6 xl:sticky xl:top-20 xl:self-start">
            <Card id="totaux" className="scroll-mt-20">
              <CardHeader className="flex-row items-center justify-between space-y-0">
                <CardTitle>Totaux</CardTitle>
                <span className="text-xs text-muted-foreground" aria-live="polite">
                  {previewBusy ? 'Calcul…' : 'Aux cours du jour'}
                </span>
              </CardHeader>
              <CardContent className="space-y-3">
                {pricing ? (
                  <QuoteTotals
                    pricing={pricing}
                    canSeeCosts={quote.canSeeCosts}
                    quoteFee={quoteFee}
                    busy={previewBusy}
                  />
                ) : preview.isError ? (
                  <div className="space-y-2">
                    <p className="text-sm text-destructive" role="alert">
                      Impossible de calculer les totaux.
                    </p>
                    <Button type="button" size="sm" variant="outline" onClick={() => void preview.refetch()}>
                      Réessayer
                    </Button>
                  </div>
                ) : (
                  <Skeleton className="h-32 w-full" />
                )}
                {parsed.skippedLines.length > 0 && (
                  <p className="text-xs text-amber-700 dark:text-amber-300">
                    {lineNumbersText(parsed.skippedLines)} incomplète{parsed.skippedLines.length > 1 ? 's' : ''} : hors
                    totaux.
                  </p>
                )}
                {preview.data && <MarketUsedText market={preview.data.market} />}
              </CardContent>
            </Card>
            <QuoteHistoryCard events={quote.events} />
          </aside>
        </div>
        <StickyTotalsBar pricing={pricing} busy={previewBusy} />
      </form>
    </FormProvider>
  );
}
