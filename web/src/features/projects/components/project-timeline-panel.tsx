import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Camera, CirclePlus, FileText, MessageSquareText, RefreshCw } from 'lucide-react';
import { PROJECT_NOTE_MAX, projectEventTitle, type ProjectTimelineEntry } from '@shared/schemas/projects';
import { nativeControlClass } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { ApiError } from '@/lib/api-client';
import { useAddProjectNote, useProjectTimeline } from '../api/project-timeline';

const ICONS = {
  created: CirclePlus,
  status: RefreshCw,
  note: MessageSquareText,
  photo: Camera,
  quote: FileText,
} as const;

function TimelineEntry({ event }: { event: ProjectTimelineEntry }) {
  const Icon = ICONS[event.kind];
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0" data-testid="timeline-entry">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full border bg-background">
        <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          {event.kind === 'quote' ? (
            <Link to={`/quotes/${event.quote.id}`} className="underline-offset-4 hover:underline">
              {projectEventTitle(event)}
            </Link>
          ) : (
            projectEventTitle(event)
          )}
        </p>
        {event.text ? (
          <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{event.text}</p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          {event.userName ? ` · ${event.userName}` : ''}
        </p>
      </div>
    </li>
  );
}

/** "Ajouter une note": a dated note in the timeline. */
function NoteForm({ projectId }: { projectId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddProjectNote(projectId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('La note est obligatoire');
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(text);
      setText('');
      toast({ title: 'Note ajoutée' });
    } catch (e) {
      const message =
        e instanceof ApiError ? (e.fieldErrors?.text?.[0] ?? e.serverMessage) : "Impossible d'ajouter la note";
      setError(message);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-2" aria-label="Ajouter une note">
      <label htmlFor={id} className="text-sm font-medium">
        Nouvelle note
      </label>
      <textarea
        id={id}
        className={`${nativeControlClass} min-h-20`}
        value={text}
        maxLength={PROJECT_NOTE_MAX}
        placeholder="Appel, rendez-vous, choix du client…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="outline" size="sm" className="w-fit" disabled={add.isPending}>
        {add.isPending ? 'Ajout…' : 'Ajouter la note'}
      </Button>
    </form>
  );
}

/** The project's dated timeline, newest first: creation, status changes, notes, photos; notes can be added. */
export function ProjectTimelinePanel({ projectId, canWrite }: { projectId: string; canWrite: boolean }) {
  const headingId = useId();
  const timeline = useProjectTimeline(projectId);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id={headingId} className="font-semibold">
        Historique
      </h2>
      {canWrite ? <NoteForm projectId={projectId} /> : null}
      {timeline.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>Impossible de charger l’historique.</p>
          <Button variant="outline" size="sm" onClick={() => void timeline.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !timeline.data ? (
        <Skeleton className="h-24 w-full" />
      ) : timeline.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucun événement.</p>
      ) : (
        <ol className="flex flex-col" aria-label="Événements du projet" data-testid="project-timeline">
          {timeline.data.map((event) => (
            <TimelineEntry key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}
