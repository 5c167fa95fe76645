import { useRef, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { FileSearch, Plus, Trash2 } from 'lucide-react';
import type { DiamondFeedCreateInput } from '@shared/schemas/diamond-feeds';
import { FormField, nativeControlClass } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FEED_FIELD_LABELS, FEED_FIELDS } from '@shared/diamond-feed-fields';
import { guessField, presetLabel, readFileHeaders } from '../lib/feed-fields';
import type { FeedFormValues } from '../lib/feed-form';

/**
 * Which column of the supplier's file fills which field of a stone. Empty: the import recognises the columns of
 * IDEX, RapNet, VDB and Nivoda files by itself (the model found last is shown). The admin may read the header line
 * of a file to list its columns, then choose each one's field.
 */
export function ColumnMappingEditor({
  form,
  preset,
  readOnly,
}: {
  form: UseFormReturn<FeedFormValues, unknown, DiamondFeedCreateInput>;
  preset: string | null;
  readOnly: boolean;
}) {
  const { control, register, formState, getValues } = form;
  const rows = useFieldArray({ control, name: 'columnMapping' });
  const fileInput = useRef<HTMLInputElement>(null);
  const [readMessage, setReadMessage] = useState<string | null>(null);
  const errors = formState.errors.columnMapping;
  const detected = presetLabel(preset);

  const readHeaders = async (file: File | undefined) => {
    if (!file) return;
    const headers = await readFileHeaders(file);
    const known = new Set(getValues('columnMapping').map((row) => row.column.trim().toLowerCase()));
    const fresh = headers.filter((header) => !known.has(header.toLowerCase()));
    const taken = new Set(getValues('columnMapping').map((row) => row.field));
    rows.append(
      fresh.map((column) => {
        const field = guessField(column);
        const free = field !== null && !taken.has(field);
        if (free) taken.add(field);
        return { column, field: free ? field : '' };
      }),
    );
    setReadMessage(
      headers.length === 0
        ? 'Aucune colonne trouvée sur la première ligne du fichier.'
        : `${headers.length} colonnes lues, ${fresh.length} ajoutées : choisissez le champ de chacune, ou retirez celles à ignorer.`,
    );
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-4" data-testid="column-mapping">
      <legend className="px-1 text-sm font-semibold">Correspondance des colonnes</legend>
      <p className="text-sm text-muted-foreground">
        {rows.fields.length === 0
          ? 'Automatique : l’import reconnaît les colonnes des fichiers IDEX, RapNet, VDB et Nivoda.'
          : 'Colonnes décrites ici : seules ces colonnes sont lues, les autres sont ignorées.'}{' '}
        {detected ? (
          <span data-testid="detected-preset">Modèle reconnu au dernier import : {detected}.</span>
        ) : (
          <span>Aucun modèle reconnu pour l’instant.</span>
        )}
      </p>
      {errors?.root?.message || errors?.message ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {errors.root?.message ?? errors.message}
        </p>
      ) : null}
      {rows.fields.map((row, index) => {
        const e = errors?.[index];
        return (
          <div key={row.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <FormField label="Colonne du fichier" error={e?.column?.message}>
              <Input autoComplete="off" {...register(`columnMapping.${index}.column`)} />
            </FormField>
            <FormField label="Champ lu" error={e?.field?.message}>
              <select className={`${nativeControlClass} h-9`} {...register(`columnMapping.${index}.field`)}>
                <option value="">— Choisir —</option>
                {FEED_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {FEED_FIELD_LABELS[field]}
                  </option>
                ))}
              </select>
            </FormField>
            {readOnly ? null : (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Retirer la colonne ${index + 1}`}
                onClick={() => rows.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </div>
        );
      })}
      {readOnly ? null : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => rows.append({ column: '', field: '' })}>
            <Plus aria-hidden="true" />
            Ajouter une colonne
          </Button>
          <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
            <FileSearch aria-hidden="true" />
            Lire les colonnes d’un fichier
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            className="sr-only"
            tabIndex={-1}
            aria-label="Fichier dont lire les colonnes"
            onChange={(e) => {
              void readHeaders(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {rows.fields.length > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => rows.replace([])}>
              Revenir à l’automatique
            </Button>
          ) : null}
        </div>
      )}
      {readMessage ? (
        <p className="text-xs text-muted-foreground" role="status">
          {readMessage}
        </p>
      ) : null}
    </fieldset>
  );
}
