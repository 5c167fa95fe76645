import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { applyServerErrors } from '@/components/form/apply-server-errors';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { draftSaveRequest, type QuoteFormValues } from '../lib/quote-form';
import { useUpdateQuote } from './quote-mutations';

/** How long autosave waits after the last change before saving the draft. */
export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveStatus =
  /** Nothing changed since the quote was opened or saved. */
  | 'idle'
  /** A change waits for the autosave delay. */
  | 'pending'
  | 'saving'
  | 'saved'
  /** A field of the quote itself is not valid: nothing is sent until it is corrected. */
  | 'invalid'
  /** The save was refused or did not reach the server (retry offered). */
  | 'error'
  /** Someone else saved the quote (409): the person chooses between their values and the saved ones. */
  | 'conflict';

export interface QuoteAutosave {
  status: AutosaveStatus;
  /** When the last save succeeded (this visit). */
  savedAt: Date | null;
  /** Why the last save failed, in French. */
  errorMessage: string | null;
  /** The version the next save or action sends. */
  version: () => number;
  /** Saves now what is waiting; true once the server has the form's quote fields and valid lines. */
  flush: () => Promise<boolean>;
  /** A quote the server answered to another action (reprice): its version is the one to send next. */
  adopt: (quote: QuoteDetail) => void;
  retry: () => void;
  /** 409: shows the saved quote instead of what was typed. */
  reloadTheirs: () => Promise<void>;
  /** 409: keeps what was typed and saves it over the newer version. */
  keepMine: () => Promise<void>;
}

/**
 * Autosave of a draft: 1.5 s after the last change the quote's fields and its valid lines are sent (PUT with the
 * version), lines still being typed stay in the form, unsent, with their errors. A stale version (409) stops
 * autosave until the person chooses: reload the saved quote, or keep their values (like use-record-form's 409
 * flow, where nothing typed is lost until they choose). Leaving the screen saves what was waiting.
 */
export function useQuoteAutosave({
  form,
  quote,
  refetch,
  toValues,
}: {
  form: UseFormReturn<QuoteFormValues, unknown, unknown>;
  quote: QuoteDetail;
  refetch: () => Promise<QuoteDetail | undefined>;
  toValues: (quote: QuoteDetail) => QuoteFormValues;
}): QuoteAutosave {
  const update = useUpdateQuote(quote.id);
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const versionRef = useRef(quote.version);
  /** The body last saved (JSON): the same body is not sent twice. */
  const lastSaved = useRef(JSON.stringify(draftSaveRequest(form.getValues()).body));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const conflict = useRef(false);
  const mutate = update.mutateAsync;

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // One save at a time: the next one starts from the values as they are once this one answers.
    while (inFlight.current) await inFlight.current;
    if (conflict.current) return false;
    const request = draftSaveRequest(form.getValues());
    if (!request.body) {
      setStatus('invalid');
      return false;
    }
    const text = JSON.stringify(request.body);
    if (text === lastSaved.current) {
      setStatus((s) => (s === 'pending' || s === 'error' || s === 'invalid' ? 'saved' : s));
      return true;
    }
    setStatus('saving');
    const run = (async () => {
      try {
        const saved = await mutate({ body: request.body!, version: versionRef.current });
        versionRef.current = saved.version;
        lastSaved.current = text;
        setSavedAt(new Date());
        setErrorMessage(null);
        setStatus(timer.current ? 'pending' : 'saved');
        return true;
      } catch (error) {
        // The session ended: the auth provider sends the person to sign in.
        if (isUnauthenticated(error)) return false;
        if (error instanceof ApiError && error.status === 409) {
          conflict.current = true;
          setStatus('conflict');
          setErrorMessage(error.serverMessage);
          return false;
        }
        applyServerErrors(form, error);
        setErrorMessage(
          error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : null,
        );
        setStatus('error');
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, [form, mutate]);

  // Every change (re)starts the wait.
  useEffect(() => {
    const subscription = form.watch(() => {
      if (conflict.current) return;
      if (timer.current) clearTimeout(timer.current);
      setStatus((s) => (s === 'saving' ? s : 'pending'));
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    });
    return () => subscription.unsubscribe();
  }, [form, saveNow]);

  // Leaving the screen: what was waiting is saved at once (the request outlives the screen).
  useEffect(
    () => () => {
      if (timer.current) void saveNow();
    },
    [saveNow],
  );

  const reloadTheirs = async () => {
    const fresh = await refetch();
    if (!fresh) return;
    conflict.current = false;
    versionRef.current = fresh.version;
    const values = toValues(fresh);
    lastSaved.current = JSON.stringify(draftSaveRequest(values).body);
    form.reset(values);
    // The reset is a change for the watcher: nothing to save.
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setErrorMessage(null);
    setStatus('idle');
  };

  const keepMine = async () => {
    const fresh = await refetch();
    if (!fresh) return;
    conflict.current = false;
    versionRef.current = fresh.version;
    // A quote no longer a draft (sent meanwhile) leaves the builder: the page shows it read-only.
    if (fresh.status === 'draft' && !fresh.archivedAt) await saveNow();
  };

  return {
    status,
    savedAt,
    errorMessage,
    version: () => versionRef.current,
    flush: saveNow,
    adopt: (saved) => {
      versionRef.current = Math.max(versionRef.current, saved.version);
    },
    retry: () => void saveNow(),
    reloadTheirs,
    keepMine,
  };
}
