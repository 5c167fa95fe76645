import { useCallback } from 'react';
import { Link } from 'react-router';
import {
  FEED_SCHEDULE_MAX_MINUTES,
  FEED_SCHEDULE_MIN_MINUTES,
  type DiamondFeedCreateInput,
  type DiamondFeedView,
} from '@shared/schemas/diamond-feeds';
import { FX_CURRENCIES } from '@shared/constants';
import { DraftNotice } from '@/components/form/draft-notice';
import { FormField, FormSection, nativeControlClass } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { useRecordForm } from '@/components/form/use-record-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCreateFeed, useUpdateFeed } from './api/save-feed';
import { ColumnMappingEditor } from './components/column-mapping-editor';
import { CredentialsField } from './components/credentials-field';
import { feedFormSchema, feedFormValues, type FeedFormValues } from './lib/feed-form';
import { formatCount } from './lib/run-format';

/** The currencies an import can convert to euros (the live rates of the market data, or none for EUR). */
const CURRENCIES = ['EUR', ...FX_CURRENCIES] as const;

/**
 * A supplier feed's settings, created or edited with the API's shared schema: where its stones come from (a file
 * sent here or an address fetched on a schedule), how prices become euros, and which column holds what.
 */
export function DiamondFeedForm({
  feed,
  onReload,
  readOnly = false,
}: {
  feed?: DiamondFeedView;
  onReload?: () => Promise<DiamondFeedView | undefined>;
  readOnly?: boolean;
}) {
  const create = useCreateFeed();
  const update = useUpdateFeed();
  const toValues = useCallback((record?: DiamondFeedView): FeedFormValues => feedFormValues(record), []);
  const { form, onSubmit, saved, draft } = useRecordForm({
    schema: feedFormSchema,
    record: feed,
    toValues,
    onReload,
    failureTitle: 'Enregistrement du flux impossible',
    save: async (input: DiamondFeedCreateInput, version) => {
      if (feed) {
        const result = await update.mutateAsync({ id: feed.id, body: { ...input, version } });
        return { title: 'Flux modifié', description: result.name, to: `/diamonds/feeds/${feed.id}`, record: result };
      }
      const result = await create.mutateAsync(input);
      return { title: 'Flux créé', description: result.name, to: `/diamonds/feeds/${result.id}`, replace: true };
    },
  });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const kind = watch('kind');
  const err = (name: Exclude<keyof FeedFormValues, 'columnMapping' | 'fullFeed'>) => errors[name]?.message;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label="Paramètres du flux">
      <UnsavedChangesGuard when={formState.isDirty && !saved} />
      <DraftNotice draft={draft} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
        <FormSection title="Source">
          <FormField label="Nom" required error={err('name')}>
            <Input autoComplete="off" placeholder="ex. Stock Anvers (RapNet)" {...register('name')} />
          </FormField>
          <FormField label="Type de flux" error={err('kind')}>
            <select className={`${nativeControlClass} h-9`} {...register('kind')}>
              <option value="upload">Fichier envoyé ici</option>
              <option value="url">Adresse web du fournisseur</option>
            </select>
          </FormField>
          <FormField label="Format" error={err('format')}>
            <select className={`${nativeControlClass} h-9`} {...register('format')}>
              <option value="csv">CSV ou TSV (tableur)</option>
              <option value="json">JSON</option>
            </select>
          </FormField>
          {kind === 'url' ? (
            <>
              <FormField
                label="Fréquence de relève (minutes)"
                error={err('scheduleMinutes')}
                description={`De ${formatCount(FEED_SCHEDULE_MIN_MINUTES)} à ${formatCount(FEED_SCHEDULE_MAX_MINUTES)} minutes (une semaine) ; vide : à la demande seulement.`}
              >
                <NumberInput integer placeholder="ex. 360 (toutes les 6 h)" {...register('scheduleMinutes')} />
              </FormField>
              <FormField label="Adresse web" required error={err('url')} className="sm:col-span-2">
                <Input type="url" autoComplete="off" placeholder="https://…" {...register('url')} />
              </FormField>
              <CredentialsField form={form} hasCredentials={feed?.hasCredentials ?? false} readOnly={readOnly} />
            </>
          ) : null}
        </FormSection>
        <FormSection title="Prix et stock">
          <FormField label="Devise des prix du fichier" error={err('currency')}>
            <select className={`${nativeControlClass} h-9`} {...register('currency')}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            label="Coefficient de vente"
            error={err('markup')}
            description="Appliqué au prix d’achat converti en euros : 1,25 = +25 %."
          >
            <NumberInput {...register('markup')} />
          </FormField>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-4" {...register('fullFeed')} />
              Stock complet du fournisseur
            </label>
            <p className="text-xs text-muted-foreground">
              Chaque import contient tout le stock : les pierres qui n’y figurent plus deviennent indisponibles dans le
              catalogue. Décochez pour un fichier partiel, qui ne fait qu’ajouter ou mettre à jour des pierres.
            </p>
          </div>
        </FormSection>
        <ColumnMappingEditor form={form} preset={feed?.preset ?? null} readOnly={readOnly} />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/diamonds/feeds">{readOnly ? 'Retour' : 'Annuler'}</Link>
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Enregistrement…' : feed ? 'Enregistrer' : 'Créer le flux'}
          </Button>
        )}
      </div>
    </form>
  );
}
