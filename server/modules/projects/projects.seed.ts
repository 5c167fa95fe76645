import { and, eq, inArray } from 'drizzle-orm';
import { PROJECT_STATUSES, projectInputSchema, type ProjectStatus } from '@shared/schemas/projects';
import type { Db } from '../../db/client';
import { clients, projects, users } from '../../db/schema';
import { insertProjectEvents, loadClientNames, type NewProjectEvent } from './projects.queries';
import { projectValues } from './projects.resource';

interface DemoProject {
  title: string;
  /** The demo client's last name (server/modules/seed/referentiels-demo.ts). */
  client: string;
  description: string;
  budget: string | null;
  /** Days from today (negative: in the past), or null for no date yet. */
  dueInDays: number | null;
  status: ProjectStatus;
  /** Days since the project was opened. */
  openedDaysAgo: number;
  notes: string[];
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    title: 'Bague de fiançailles solitaire',
    client: 'Lefèvre',
    description: 'Solitaire or blanc 18 carats, diamant rond 0,70 ct environ, monture 6 griffes fine.',
    budget: '3500.00',
    dueInDays: 45,
    status: 'conception',
    openedDaysAgo: 12,
    notes: ['Tour de doigt 52. Préférence pour une monture basse, confortable au quotidien.'],
  },
  {
    title: 'Alliances gravées',
    client: 'Dupré',
    description: 'Deux alliances or jaune 18 carats, ruban 3 mm, gravure intérieure des prénoms et de la date.',
    budget: '1800.00',
    dueInDays: 60,
    status: 'devis',
    openedDaysAgo: 20,
    notes: ['Mariage prévu en juin : livraison au plus tard trois semaines avant.'],
  },
  {
    title: 'Transformation d’une broche ancienne en pendentif',
    client: 'Faure',
    description: 'Broche de famille en or rose : dessertir les grenats, refonte de l’or, nouveau pendentif.',
    budget: '950.00',
    dueInDays: 20,
    status: 'fabrication',
    openedDaysAgo: 40,
    notes: [],
  },
  {
    title: 'Collier de perles sur mesure',
    client: 'Carré',
    description: 'Collier de perles de culture Akoya, longueur princesse, fermoir à choisir.',
    budget: null,
    dueInDays: null,
    status: 'idee',
    openedDaysAgo: 3,
    notes: [],
  },
  {
    title: 'Chevalière armoriée',
    client: 'Rousseau',
    description: 'Chevalière or jaune 18 carats, plateau ovale gravé aux armes de la famille.',
    budget: '1200.00',
    dueInDays: -10,
    status: 'livre',
    openedDaysAgo: 75,
    notes: ['Gravure validée sur épreuve en cire.'],
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A few projects of the demo organization with their timeline (created, each status on the way to the
 * current one, notes), once: nothing is written when the organization has projects already. A project
 * whose demo client is missing is left out.
 */
export async function seedDemoProjects(db: Db, organizationId: string, now: Date = new Date()): Promise<void> {
  const [existing] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.organizationId, organizationId))
    .limit(1);
  if (existing) return;
  const clientRows = await db
    .select({ id: clients.id, lastName: clients.lastName })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, organizationId),
        inArray(
          clients.lastName,
          DEMO_PROJECTS.map((p) => p.client),
        ),
      ),
    )
    .orderBy(clients.createdAt);
  const clientIds = new Map<string, string>();
  for (const row of clientRows) if (!clientIds.has(row.lastName)) clientIds.set(row.lastName, row.id);
  const names = await loadClientNames(db, organizationId, [...clientIds.values()]);
  // The demo's sales account writes the timelines (none: the entries have no author).
  const [author] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'sales')))
    .orderBy(users.createdAt)
    .limit(1);
  const today = now.toISOString().slice(0, 10);

  for (const demo of DEMO_PROJECTS) {
    const clientId = clientIds.get(demo.client);
    if (!clientId) continue;
    const dueDate =
      demo.dueInDays === null ? null : new Date(Date.parse(today) + demo.dueInDays * DAY_MS).toISOString().slice(0, 10);
    const input = projectInputSchema.parse({
      title: demo.title,
      clientId,
      description: demo.description,
      budget: demo.budget,
      dueDate,
      status: demo.status,
    });
    const openedAt = new Date(now.getTime() - demo.openedDaysAgo * DAY_MS);
    const path = PROJECT_STATUSES.slice(0, PROJECT_STATUSES.indexOf(demo.status) + 1);
    // The statuses on the way, spread over the project's life; the notes after them.
    const step = (demo.openedDaysAgo * DAY_MS) / (path.length + demo.notes.length + 1);
    const at = (i: number) => new Date(openedAt.getTime() + i * step);
    const [row] = await db
      .insert(projects)
      .values({
        ...projectValues(input, names.get(clientId) ?? ''),
        organizationId,
        createdAt: openedAt,
        updatedAt: at(path.length - 1),
      })
      .returning({ id: projects.id });
    const base = {
      organizationId,
      projectId: row!.id,
      userId: author?.id ?? null,
      userName: author ? `${author.firstName} ${author.lastName}`.trim() : null,
    };
    const events: NewProjectEvent[] = path.map((status, i) =>
      i === 0
        ? { ...base, at: openedAt, kind: 'created', toStatus: status }
        : { ...base, at: at(i), kind: 'status', fromStatus: path[i - 1]!, toStatus: status },
    );
    demo.notes.forEach((text, i) => events.push({ ...base, at: at(path.length + i), kind: 'note', text }));
    await insertProjectEvents(db, events);
  }
}
