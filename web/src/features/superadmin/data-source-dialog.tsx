import { useState, type FormEvent } from 'react';
import { INSTRUMENTS } from '@shared/constants';
import { normalizeIntegerText } from '@shared/decimal-input';
import { acceptsApiKey, DATA_SOURCE_KINDS, type DataSourceView } from '@shared/schemas/superadmin';
import { DialogFormFooter } from '@/components/form/dialog-form-footer';
import { FormField, nativeControlClass } from '@/components/form/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NumberInput } from '@/components/form/number-input';
import { saveErrorMessages } from '@/components/form/save-errors';
import { toast } from '@/components/ui/use-toast';
import { useSaveDataSource } from './superadmin-api';

export const KIND_LABELS: Record<string, string> = {
  demo: 'Démo (simulation)',
  manual: 'Saisie manuelle',
  ecb: 'BCE (taux de change)',
  goldapi: 'GoldAPI (métaux)',
};

/** The config key holding the provider's address, per kind (market providers). */
const URL_KEY: Record<string, string | undefined> = { ecb: 'url', goldapi: 'baseUrl' };

/**
 * Create or edit a data source. Only HTTP providers have an API key, write-only: the current one shows masked,
 * never in full. A manual source's prices are typed in its own grid (manual-prices-dialog.tsx), opened through
 * `onCreated` right after creating one.
 */
export function DataSourceDialog({
  source,
  onClose,
  onCreated,
}: {
  source: DataSourceView | null;
  onClose: () => void;
  onCreated?: (created: DataSourceView) => void;
}) {
  const save = useSaveDataSource();
  const [kind, setKind] = useState<string>(source?.kind ?? 'ecb');
  const [name, setName] = useState(source?.name ?? '');
  const [instruments, setInstruments] = useState<string[]>(source?.instruments ?? ['USD/EUR', 'ILS/EUR']);
  const [priority, setPriority] = useState(String(source?.priority ?? 100));
  const urlKey = URL_KEY[kind];
  const hasApiKey = acceptsApiKey(kind);
  const initialUrl = urlKey && typeof source?.config[urlKey] === 'string' ? String(source.config[urlKey]) : '';
  const [url, setUrl] = useState(initialUrl);
  const [secret, setSecret] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const config: Record<string, unknown> = { ...(source?.config ?? {}) };
    if (urlKey) {
      if (url.trim()) config[urlKey] = url.trim();
      else delete config[urlKey];
    }
    // A whole number typed the French way ('1 000'); anything else is refused here, before anything is sent.
    const wholePriority = normalizeIntegerText(priority);
    if (!wholePriority) {
      setErrors({ priority: 'Nombre entier attendu, par exemple 100' });
      return;
    }
    const body: Record<string, unknown> = { name, instruments, priority: Number(wholePriority), config };
    if (!source) body.kind = kind;
    if (hasApiKey && removeSecret) body.secret = null;
    else if (hasApiKey && secret) body.secret = secret;
    save.mutate(
      { id: source?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ title: source ? 'Source modifiée' : 'Source créée', description: saved.name });
          onClose();
          if (!source) onCreated?.(saved);
        },
        onError: (error) => setErrors(saveErrorMessages(error)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{source ? `Modifier ${source.name}` : 'Nouvelle source de données'}</DialogTitle>
          <DialogDescription>Un fournisseur de cours des métaux ou de taux de change.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {!source && (
            <FormField label="Type" error={errors.kind}>
              <select className={nativeControlClass} value={kind} onChange={(e) => setKind(e.target.value)}>
                {DATA_SOURCE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k] ?? k}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <FormField label="Nom" error={errors.name} required>
            <Input value={name} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">Instruments</legend>
            <div className="flex flex-wrap gap-3 text-sm">
              {INSTRUMENTS.map((i) => (
                <label key={i} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={instruments.includes(i)}
                    onChange={(e) =>
                      setInstruments((cur) => (e.target.checked ? [...cur, i] : cur.filter((x) => x !== i)))
                    }
                  />
                  {i}
                </label>
              ))}
            </div>
            {errors.instruments && <p className="text-xs font-medium text-destructive">{errors.instruments}</p>}
          </fieldset>
          <FormField label="Priorité" error={errors.priority} description="La plus petite passe en premier.">
            <NumberInput integer value={priority} onChange={(e) => setPriority(e.target.value)} />
          </FormField>
          {urlKey && (
            <FormField label="Adresse du service" error={errors.config} description="Vide : l'adresse officielle.">
              <Input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…" />
            </FormField>
          )}
          {hasApiKey && (
            <FormField
              label="Clé d'API"
              error={errors.secret}
              description={
                source?.secretMasked
                  ? `Clé enregistrée : ${source.secretMasked}. Laissez vide pour la garder.`
                  : 'Stockée chiffrée, jamais réaffichée.'
              }
            >
              <Input
                type="password"
                autoComplete="off"
                value={secret}
                disabled={removeSecret}
                onChange={(e) => setSecret(e.target.value)}
              />
            </FormField>
          )}
          {hasApiKey && source?.secretMasked && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={removeSecret} onChange={(e) => setRemoveSecret(e.target.checked)} />
              Supprimer la clé enregistrée
            </label>
          )}
          {kind === 'manual' && (
            <p className="text-sm text-muted-foreground">
              Pas de clé d&apos;API : les cours se saisissent dans la grille de la source
              {source ? ' (bouton « Saisir les cours »)' : ', ouverte dès sa création'}.
            </p>
          )}
          <DialogFormFooter
            onCancel={onClose}
            pending={save.isPending}
            submitLabel="Enregistrer"
            pendingLabel="Enregistrement..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
