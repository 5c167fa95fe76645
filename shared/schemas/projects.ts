import { z } from 'zod';
import { choice, optionalDate, optionalDecimal, optionalText, requiredText } from './fields';
import { listQuerySchema, versionField } from './lists';

/**
 * Projects ("Projets"): a client's custom piece from idea to delivery (server/modules/projects/README.md).
 * The statuses in the order a piece goes through them.
 */
export const PROJECT_STATUSES = ['idee', 'conception', 'devis', 'fabrication', 'livre', 'clos'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Readonly<Record<ProjectStatus, string>> = {
  idee: 'Idée',
  conception: 'Conception',
  devis: 'Devis',
  fabrication: 'Fabrication',
  livre: 'Livré',
  clos: 'Clos',
};

/** What a timeline entry records. */
export const PROJECT_EVENT_KINDS = ['created', 'status', 'note', 'photo'] as const;
export type ProjectEventKind = (typeof PROJECT_EVENT_KINDS)[number];

/** A budget fits numeric(12, 2). */
export const PROJECT_BUDGET_MAX = '9999999999.99';
/** Sketches and photos per project. */
export const PROJECT_PHOTOS_MAX = 30;
export const PROJECT_NOTE_MAX = 5000;

const projectFields = {
  title: requiredText('Le titre', 200),
  clientId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ required_error: 'Le client est obligatoire', invalid_type_error: 'Client invalide' })
      .uuid('Client invalide'),
  ),
  description: optionalText('La description', 5000),
  budget: optionalDecimal('Le budget', { scale: 2, max: PROJECT_BUDGET_MAX }),
  dueDate: optionalDate('La date de livraison prévue'),
  status: choice('Statut', PROJECT_STATUSES, PROJECT_STATUS_LABELS, 'idee'),
};

/** POST /api/projects body; PUT/PATCH take any of its fields plus `version` (merged over the stored project). */
export const projectInputSchema = z.object(projectFields);
export type ProjectInput = z.infer<typeof projectInputSchema>;
export const projectUpdateSchema = z.object(projectFields).partial().extend({ version: versionField });

export const PROJECT_SORT_FIELDS = ['dueDate', 'title', 'status', 'createdAt', 'updatedAt'] as const;
export const projectListQuerySchema = listQuerySchema(PROJECT_SORT_FIELDS, 'dueDate', {
  status: z.enum(PROJECT_STATUSES, { errorMap: () => ({ message: 'Statut de projet invalide' }) }).optional(),
  clientId: z.string().uuid('Client invalide').optional(),
  /** Due on or after this day (YYYY-MM-DD or JJ/MM/AAAA). */
  dueFrom: optionalDate('La date de début'),
  /** Due on or before this day. */
  dueTo: optionalDate('La date de fin'),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

/** POST /api/projects/:id/notes body: a dated note in the timeline. */
export const projectNoteSchema = z.object({
  text: requiredText('La note', PROJECT_NOTE_MAX),
});
export type ProjectNoteInput = z.infer<typeof projectNoteSchema>;

export interface Project {
  id: string;
  title: string;
  clientId: string;
  /** The client's name as the client record shows it ("Mme Hélène Dupré", or the company). */
  clientName: string;
  description: string | null;
  /** EUR, decimal string with 2 decimals ("1234.50"), or null. */
  budget: string | null;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  status: ProjectStatus;
  version: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One dated entry of a project's timeline. */
export interface ProjectEvent {
  /** In writing order. */
  id: number;
  at: string;
  kind: ProjectEventKind;
  /** Who did it (their name at the time), or null for the demo data. */
  userName: string | null;
  fromStatus: ProjectStatus | null;
  toStatus: ProjectStatus | null;
  /** The note, or the file name of the photo added. */
  text: string | null;
}

/** A milestone of one of the project's quotes (created, sent, accepted, refused), read from the quote's history. */
export interface ProjectQuoteEvent {
  kind: 'quote';
  /** Unique among the timeline's entries ("quote-<event id>"). */
  id: string;
  at: string;
  userName: string | null;
  quote: { id: string; number: string | null; title: string };
  /** What happened, in French ("Envoyé", "Accepté par le client via le lien de partage"). */
  text: string;
}

/** One entry of the timeline: the project's own, or one of its quotes'. */
export type ProjectTimelineEntry = ProjectEvent | ProjectQuoteEvent;

/** GET /api/projects/:id/timeline answer, newest first. */
export interface ProjectTimeline {
  items: ProjectTimelineEntry[];
}

/** The French sentence of a timeline entry ("Statut : Idée → Conception", "Devis D-2026-0042 « Bague »"). */
export function projectEventTitle(
  event: Pick<ProjectEvent, 'kind' | 'fromStatus' | 'toStatus'> | Pick<ProjectQuoteEvent, 'kind' | 'quote'>,
): string {
  if (event.kind === 'quote') {
    const title = event.quote.title.trim() ? ` « ${event.quote.title.trim()} »` : '';
    return `Devis ${event.quote.number ?? '(brouillon)'}${title}`;
  }
  switch (event.kind) {
    case 'created':
      return event.toStatus ? `Projet créé (${PROJECT_STATUS_LABELS[event.toStatus]})` : 'Projet créé';
    case 'status':
      return `Statut : ${event.fromStatus ? PROJECT_STATUS_LABELS[event.fromStatus] : '—'} → ${
        event.toStatus ? PROJECT_STATUS_LABELS[event.toStatus] : '—'
      }`;
    case 'note':
      return 'Note';
    case 'photo':
      return 'Photo ajoutée';
  }
}
