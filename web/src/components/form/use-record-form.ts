import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DefaultValues, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { isUnauthenticated, type ApiError } from '@/lib/api-client';
import { draftKey, draftsKeptOnClose, readDraft, removeDraft, writeDraft, type RecordDraft } from './record-drafts';
import { handleSaveError } from './save-errors';
import { useZodForm } from './use-zod-form';

/** Where to go and what to say once a record is saved. */
export interface SavedRecord<TRecord = unknown> {
  title: string;
  description: string;
  /** The page shown next; none is opened when it is the current one (a form that stays, like Paramètres). */
  to: string;
  /** Router state for the page shown next (e.g. duplicate warnings). */
  state?: unknown;
  /** Replace the current history entry (the record's address changed: the old one no longer answers). */
  replace?: boolean;
  /**
   * The record as saved, for a form that stays open: it shows these values and sends this version next time
   * (without it, the form keeps what was typed while the next page opens).
   */
  record?: TRecord;
}

/** A draft the form opened with (record-drafts.ts), for `DraftNotice`. */
export interface DraftState {
  /** True while the form shows values restored from a draft, until saved or discarded. */
  restored: boolean;
  /** When the draft was last changed (ISO instant). */
  savedAt: string | null;
  /** Puts the record's saved values back and forgets the draft. */
  discard: () => void;
}

type Values = Record<string, unknown>;

/** True when `values` equal `baseline` on every field of the baseline. */
function sameValues(values: Values, baseline: Values): boolean {
  return Object.keys(baseline).every((name) => JSON.stringify(values[name]) === JSON.stringify(baseline[name]));
}

/** The baseline's fields, with the draft's value where it has one. */
function mergeDraft(baseline: Values, draft: RecordDraft): Values {
  return Object.fromEntries(
    Object.entries(baseline).map(([name, value]) => [name, name in draft.values ? draft.values[name] : value]),
  );
}

/**
 * The form of a record (référentiels, Paramètres, the product sheet; create or edit): the shared zod schema,
 * the version the form was loaded with (optimistic concurrency: a background refetch must not turn a stale edit
 * into an overwrite), server errors on their fields, a 409 offering to reload, then a toast and the next
 * page (or the saved record, for a form that stays open). `save` sends the values with that version and says what to show.
 *
 * Drafts: while the form differs from the record, what is typed is kept in sessionStorage under the
 * screen's path (record-drafts.ts). When the session ends, the person signs in again and comes back here: the
 * form opens with the draft and the version it was typed against (`draft.restored`, shown by `DraftNotice`), and
 * saving works as before. The draft is forgotten once saved, discarded, or when the form is left on purpose.
 * `draft: false` turns this off.
 */
export function useRecordForm<TValues extends FieldValues, TInput, TRecord extends { version: number }>(options: {
  schema: z.ZodType<TInput, z.ZodTypeDef, unknown>;
  record: TRecord | undefined;
  toValues: (record?: TRecord) => TValues;
  save: (input: TInput, version: number) => Promise<SavedRecord<TRecord>>;
  onReload?: (() => Promise<TRecord | undefined>) | undefined;
  draft?: false | undefined;
  /** The title of the toast for a refused save (handleSaveError's `failureTitle`). */
  failureTitle?: string;
  /** Which 409 answers are stale edits (handleSaveError's `staleConflict`); all of them by default. */
  staleConflict?: (error: ApiError) => boolean;
  /**
   * A form that stays open while its record changes elsewhere on the screen (archived, saved by its own page):
   * a newer `record` replaces the form's values and version while nothing is being edited. An edit in progress
   * is never replaced; it keeps the version it was typed against (its save meets the 409 flow).
   */
  followRecord?: boolean;
}): {
  form: UseFormReturn<TValues, unknown, TInput>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** True once saved: the unsaved-changes guard stands down while the next page opens. */
  saved: boolean;
  draft: DraftState;
} {
  const { schema, record, toValues, save, onReload, failureTitle, staleConflict, followRecord = false } = options;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const initialValues = toValues(record);
  const form = useZodForm<TValues, TInput>(schema, initialValues as DefaultValues<TValues>);
  // The draft is kept under the form's address, which follows the record (a product sheet whose slug changed).
  const [fields] = useState(() => initialValues);
  const key = options.draft === false ? null : draftKey(pathname, fields);
  const [restoredDraft, setRestoredDraft] = useState(() => (key ? readDraft(key) : null));
  const [savedTo, setSavedTo] = useState<{
    to: string;
    state: unknown;
    replace: boolean;
    /** The form was reset to the saved record and stays usable if the next page keeps it. */
    formKept: boolean;
  } | null>(null);
  /** The values the record has on the server, as far as the form knows: a draft is what differs from them. */
  const baseline = useRef<Values>(initialValues);
  /** The version the form edits, sent with the save: the server refuses it once someone else saved (409). */
  const versionRef = useRef(restoredDraft?.version ?? record?.version ?? 0);

  useEffect(() => {
    if (savedTo) void navigate(savedTo.to, { state: savedTo.state, replace: savedTo.replace });
  }, [savedTo, navigate]);

  // Once, on opening: the draft's values over the record's (the record's stay the defaults, so the form is dirty).
  const [draftApplied] = useState(() => restoredDraft);
  useEffect(() => {
    if (draftApplied) form.reset(mergeDraft(baseline.current, draftApplied) as TValues, { keepDefaultValues: true });
  }, [form, draftApplied]);

  // While open: every change is written to the draft (or the draft removed when the form is back to the record).
  useEffect(() => {
    if (!key) return;
    const keep = (values: Values) => {
      if (sameValues(values, baseline.current)) removeDraft(key);
      else writeDraft(key, values, versionRef.current);
    };
    keep(form.getValues());
    const subscription = form.watch((values) => keep(values as Values));
    return () => {
      subscription.unsubscribe();
      if (!draftsKeptOnClose()) removeDraft(key);
    };
  }, [form, key]);

  /** The form shows `fresh` as the record it edits (none: a new record): its values and its version. */
  const showRecord = useCallback(
    (fresh: TRecord | undefined) => {
      baseline.current = toValues(fresh);
      form.reset(toValues(fresh));
      versionRef.current = fresh?.version ?? 0;
    },
    [form, toValues],
  );

  // A newer record (followRecord) replaces a form with nothing typed. Versions only grow: an older copy still
  // cached (the saved record is shown before the queries catch up) is never taken for a change.
  useEffect(() => {
    if (!followRecord || !record || record.version <= versionRef.current) return;
    if (sameValues(form.getValues(), baseline.current)) showRecord(record);
  }, [followRecord, record, form, showRecord]);

  /**
   * The saved record, shown in a form that stays open. What was typed while the save was on its way is kept on
   * top of it (and stays unsaved): the save answered for the values sent, not for those.
   */
  const showSaved = (fresh: TRecord, sent: Values) => {
    const typedSince = Object.entries(form.getValues() as Values).filter(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(sent[name]),
    );
    showRecord(fresh);
    for (const [name, value] of typedSince) {
      form.setValue(name as Path<TValues>, value as PathValue<TValues, Path<TValues>>, { shouldDirty: true });
    }
  };

  const forgetDraft = () => {
    if (key) removeDraft(key);
    setRestoredDraft(null);
  };

  const reload = onReload
    ? async () => {
        const fresh = await onReload();
        if (fresh) {
          showRecord(fresh);
          forgetDraft();
        }
      }
    : undefined;

  // handleSubmit is called on submit, not while rendering: its callback reaches the draft's baseline (a ref).
  const onSubmit = (event?: React.BaseSyntheticEvent) =>
    form.handleSubmit(async (input) => {
      const sent = structuredClone(form.getValues() as Values);
      try {
        const saved = await save(input, versionRef.current);
        forgetDraft();
        if (saved.record) showSaved(saved.record, sent);
        toast({ title: saved.title, description: saved.description });
        if (saved.to !== pathname) {
          setSavedTo({
            to: saved.to,
            state: saved.state,
            replace: saved.replace ?? false,
            formKept: saved.record !== undefined,
          });
        }
      } catch (error) {
        // The session ended: the auth provider sends the person to sign in; the draft keeps what was typed.
        if (isUnauthenticated(error)) return;
        handleSaveError(form, error, {
          onReload: reload ? () => void reload() : undefined,
          failureTitle,
          staleConflict,
        });
      }
    })(event);

  const discard = () => {
    showRecord(record);
    forgetDraft();
  };

  return {
    form,
    onSubmit,
    saved: savedTo !== null && !savedTo.formKept,
    draft: { restored: restoredDraft !== null, savedAt: restoredDraft?.savedAt ?? null, discard },
  };
}
