import { useState, type FormEvent } from 'react';
import { INSTRUMENTS, type Instrument } from '@shared/constants';
import { normalizeDecimalText, toInputText } from '@shared/decimal-input';
import { manualPricesSchema, readManualPrices, type DataSourceView } from '@shared/schemas/superadmin';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { NumberInput } from '@/components/form/number-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { saveErrorMessages } from '@/components/form/save-errors';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { useSaveManualPrices } from './superadmin-api';

/** Each instrument of the grid: metals per gram of pure metal in EUR, FX pairs in EUR for 1 unit (ADR 0004). */
export const INSTRUMENT_LABELS: Record<Instrument, { name: string; unit: string }> = {
  XAU: { name: 'Or pur (XAU)', unit: '€/g' },
  XAG: { name: 'Argent pur (XAG)', unit: '€/g' },
  XPT: { name: 'Platine pur (XPT)', unit: '€/g' },
  'USD/EUR': { name: 'Dollar US (USD/EUR)', unit: '€ pour 1 USD' },
  'ILS/EUR': { name: 'Shekel (ILS/EUR)', unit: '€ pour 1 ILS' },
};

/** The instruments of a source, in the product's order. */
export const sourceInstruments = (source: DataSourceView): Instrument[] =>
  INSTRUMENTS.filter((i) => source.instruments.includes(i));

/** The typed prices of a `manual` source, as shown on its card: "131,25 €/g", typed on "20/11/2026 09:05". */
export function ManualPricesSummary({ source }: { source: DataSourceView }) {
  const typed = readManualPrices(source.config);
  return (
    <div className="grid gap-1">
      <p className="text-muted-foreground">Cours saisis</p>
      <ul className="grid gap-0.5" data-testid="manual-prices-summary">
        {sourceInstruments(source).map((i) => (
          <li key={i} className="flex flex-wrap justify-between gap-x-3">
            <span>{INSTRUMENT_LABELS[i].name}</span>
            <span className="tabular-nums">
              {typed.values[i] !== undefined ? (
                <>
                  <span className="font-medium">
                    {toInputText(typed.values[i])} {INSTRUMENT_LABELS[i].unit}
                  </span>{' '}
                  <span className="text-xs text-muted-foreground">le {formatDateTime(typed.setAt[i])}</span>
                </>
              ) : (
                <span className="text-muted-foreground">non saisi</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The price grid of a `manual` source: one row per instrument of the source with its price, typed the
 * French way through NumberInput ("12,5" shown back with a comma), and the date and time it was set. An empty field
 * means no typed price for that instrument. Checked with the shared schema before sending; the server stamps the
 * time of each changed price and serves them at once.
 */
export function ManualPricesDialog({ source, onClose }: { source: DataSourceView; onClose: () => void }) {
  const save = useSaveManualPrices();
  const typed = readManualPrices(source.config);
  const instruments = sourceInstruments(source);
  const [texts, setTexts] = useState<Partial<Record<Instrument, string>>>(() =>
    Object.fromEntries(instruments.map((i) => [i, toInputText(typed.values[i])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const values: Partial<Record<Instrument, string>> = {};
    for (const i of instruments) {
      const normalized = normalizeDecimalText(texts[i] ?? '');
      if (normalized === null) next[i] = 'Nombre attendu, par exemple 118,20';
      else if (normalized !== '') values[i] = normalized;
    }
    const parsed = manualPricesSchema.safeParse({ values });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.length > 1 ? String(issue.path[1]) : '_';
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    save.mutate(
      { id: source.id, body: parsed.data },
      {
        onSuccess: () => {
          const count = Object.keys(parsed.data.values).length;
          toast({
            title: 'Cours enregistrés',
            description: `${count} cours de « ${source.name} » enregistré${count > 1 ? 's' : ''}`,
          });
          onClose();
        },
        onError: (error) => setErrors(saveErrorMessages(error, (key) => key.replace(/^values\.?/, '') || '_')),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Saisir les cours — {source.name}</DialogTitle>
          <DialogDescription>
            Les métaux en euros par gramme de métal pur, les devises en euros pour une unité. Un champ vide : pas de
            cours saisi pour cet instrument.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div role="table" aria-label="Cours saisis" className="grid gap-3 text-sm" data-testid="manual-prices-grid">
            <div
              role="row"
              className="hidden gap-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_14rem_9rem]"
            >
              <span role="columnheader">Instrument</span>
              <span role="columnheader">Cours</span>
              <span role="columnheader">Saisi le</span>
            </div>
            {instruments.map((i) => {
              const id = `manual-price-${i.replace('/', '-')}`;
              const error = errors[i];
              return (
                <div
                  key={i}
                  role="row"
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 border-b pb-3 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_14rem_9rem] sm:border-b-0 sm:pb-0"
                >
                  <span role="rowheader">
                    <label htmlFor={id} className="font-medium">
                      {INSTRUMENT_LABELS[i].name}
                    </label>
                  </span>
                  <span role="cell" className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto">
                    <span className="flex items-center gap-2">
                      <NumberInput
                        id={id}
                        value={texts[i] ?? ''}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : `${id}-unit`}
                        onChange={(e) => setTexts((current) => ({ ...current, [i]: e.target.value }))}
                        className="tabular-nums"
                      />
                      <span id={`${id}-unit`} className="w-20 shrink-0 text-xs whitespace-nowrap text-muted-foreground">
                        {INSTRUMENT_LABELS[i].unit}
                      </span>
                    </span>
                    {error ? (
                      <span id={`${id}-error`} role="alert" className="mt-1 block text-xs font-medium text-destructive">
                        {error}
                      </span>
                    ) : null}
                  </span>
                  <span
                    role="cell"
                    className="col-start-2 row-start-1 text-right text-xs text-muted-foreground tabular-nums sm:col-start-auto sm:row-start-auto sm:text-left"
                    data-testid={`${id}-set-at`}
                  >
                    {typed.setAt[i] ? formatDateTime(typed.setAt[i]) : 'jamais saisi'}
                  </span>
                </div>
              );
            })}
          </div>
          {errors._ ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors._}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            Servis quand cette source passe avant les autres sources actives (priorité {source.priority}, la plus petite
            passe en premier){source.enabled ? '' : ' ; cette source est désactivée'}.
          </p>
          <DialogFormFooter
            onCancel={onClose}
            pending={save.isPending}
            submitLabel="Enregistrer les cours"
            pendingLabel="Enregistrement..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
