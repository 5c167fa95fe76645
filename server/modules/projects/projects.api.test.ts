import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@shared/csv';
import type { ListResponse } from '@shared/schemas/lists';
import type { PhotoMeta } from '@shared/schemas/photos';
import {
  PROJECT_PHOTOS_MAX,
  projectEventTitle,
  type Project,
  type ProjectEvent,
  type ProjectTimeline,
  type ProjectTimelineEntry,
} from '@shared/schemas/projects';
import { projectEvents, projectPhotos, projects } from '../../db/schema';
import { auditEntries, body, send } from '../../lists/test-helpers';
import { createOrganization, createTestApp, signedInClient, TestClient, type TestApp } from '../../test/harness';
import { TINY_JPEG, TINY_PNG } from '../products/test/images';
import { seedDemoReferentiels } from '../seed/referentiels-demo';
import { DEMO_PROJECTS, seedDemoProjects } from './projects.seed';

let t: TestApp;
let orgId: string;
let admin: TestClient;
let adminUserId: string;
let clientId: string;
let otherClientId: string;

async function createClient(client: TestClient, lastName: string, firstName = 'Hélène'): Promise<string> {
  const res = await send(client, 'POST', '/api/clients', { civility: 'Mme', firstName, lastName });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ id: string }>(res).id;
}

async function create(client: TestClient, payload: Record<string, unknown>): Promise<Project> {
  const res = await send(client, 'POST', '/api/projects', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<Project>(res);
}

async function timeline(client: TestClient, id: string): Promise<ProjectTimelineEntry[]> {
  const res = await client.get(`/api/projects/${id}/timeline`);
  expect(res.statusCode, res.body).toBe(200);
  return body<ProjectTimeline>(res).items;
}

const upload = (data: Buffer, contentType = 'image/png', filename = 'croquis.png') => ({
  filename,
  contentType,
  dataBase64: data.toString('base64'),
});

beforeAll(async () => {
  t = await createTestApp();
  orgId = await createOrganization(t, 'Bijouterie Projets');
  const signed = await signedInClient(t, { role: 'admin', organizationId: orgId });
  admin = signed.client;
  adminUserId = signed.user.id;
  clientId = await createClient(admin, 'Dupré');
  otherClientId = await createClient(admin, 'Lefèvre', 'François');
});
afterAll(async () => {
  await t?.close();
});

describe('projects CRUD and timeline', () => {
  it('creates a project with French numbers and dates, the client name, a "created" entry and an audit row', async () => {
    const p = await create(admin, {
      title: 'Bague de fiançailles',
      clientId,
      description: 'Solitaire or blanc',
      budget: '1 234,50',
      dueDate: '14/02/2027',
    });
    expect(p).toMatchObject({
      title: 'Bague de fiançailles',
      clientId,
      clientName: 'Mme Hélène Dupré',
      budget: '1234.50',
      dueDate: '2027-02-14',
      status: 'idee',
      version: 1,
      archivedAt: null,
    });
    const events = await timeline(admin, p.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'created', toStatus: 'idee', fromStatus: null, userName: 'Prénom Nom' });
    const audit = await auditEntries(t, orgId, 'project');
    expect(audit.find((a) => a.entityId === p.id && a.action === 'create')?.userId).toBe(adminUserId);
    const got = await admin.get(`/api/projects/${p.id}`);
    expect(got.statusCode).toBe(200);
    expect(body<Project>(got)).toMatchObject({ id: p.id, clientName: 'Mme Hélène Dupré', budget: '1234.50' });
    expect(
      body<Project>(await send(admin, 'POST', '/api/projects', { title: 'Petit budget', clientId, budget: '12,5' }))
        .budget,
    ).toBe('12.50');
  });

  it('a status change through PATCH or PUT writes a dated "status" entry in the same transaction', async () => {
    const p = await create(admin, { title: 'Alliances gravées', clientId, status: 'idee' });
    const patched = await send(admin, 'PATCH', `/api/projects/${p.id}`, { version: 1, status: 'conception' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(body<Project>(patched)).toMatchObject({ status: 'conception', version: 2, title: 'Alliances gravées' });

    // A change of another field writes no timeline entry.
    const renamed = await send(admin, 'PATCH', `/api/projects/${p.id}`, { version: 2, title: 'Alliances or jaune' });
    expect(renamed.statusCode).toBe(200);

    const put = await send(admin, 'PUT', `/api/projects/${p.id}`, {
      title: 'Alliances or jaune',
      clientId,
      status: 'Devis',
      version: 3,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(body<Project>(put).status).toBe('devis');

    // A stale version writes nothing: neither the project nor its timeline.
    const stale = await send(admin, 'PATCH', `/api/projects/${p.id}`, { version: 1, status: 'clos' });
    expect(stale.statusCode).toBe(409);
    // Bad input after a valid version: nothing written either.
    const bad = await send(admin, 'PATCH', `/api/projects/${p.id}`, { version: 4, status: 'fabrication', budget: 'x' });
    expect(bad.statusCode).toBe(400);

    const events = await timeline(admin, p.id);
    expect(events.map((e) => (e.kind === 'quote' ? [e.kind] : [e.kind, e.fromStatus, e.toStatus]))).toEqual([
      ['status', 'conception', 'devis'],
      ['status', 'idee', 'conception'],
      ['created', null, 'idee'],
    ]);
    for (const e of events) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
    const update = (await auditEntries(t, orgId, 'project')).find((a) => a.entityId === p.id && a.action === 'update');
    expect(update?.changes).toEqual({ status: { from: 'idee', to: 'conception' } });
  });

  it("shows its quotes' milestones (created, sent, accepted) in the timeline, not every save", async () => {
    const p = await create(admin, { title: 'Bague de fiançailles', clientId });
    const created = await send(admin, 'POST', '/api/quotes', {
      clientId,
      projectId: p.id,
      title: 'Solitaire',
      lines: [{ kind: 'free', label: 'Monture', quantity: '1', priceMode: 'price', unitPrice: '900' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = body<{ id: string; version: number }>(created);
    const saved = await send(admin, 'PUT', `/api/quotes/${draft.id}`, {
      ...draft,
      clientId,
      projectId: p.id,
      title: 'Solitaire',
      lines: [{ kind: 'free', label: 'Monture', quantity: '1', priceMode: 'price', unitPrice: '950' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await send(admin, 'POST', `/api/quotes/${draft.id}/send`, {
      version: body<{ version: number }>(saved).version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const number = body<{ number: string }>(sent).number;
    const accepted = await send(admin, 'POST', `/api/quotes/${draft.id}/accept`, {
      version: body<{ version: number }>(sent).version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A quote of another project does not show.
    const other = await create(admin, { title: 'Autre', clientId });
    await send(admin, 'POST', '/api/quotes', { clientId, projectId: other.id, lines: [] });

    const events = await timeline(admin, p.id);
    const quoteEntries = events.filter((e) => e.kind === 'quote');
    expect(quoteEntries.map((e) => e.text)).toEqual(['Accepté', 'Envoyé', 'Créé']);
    expect(quoteEntries.map((e) => projectEventTitle(e))).toEqual([
      `Devis ${number} « Solitaire »`,
      `Devis ${number} « Solitaire »`,
      `Devis ${number} « Solitaire »`,
    ]);
    expect(quoteEntries[0]).toMatchObject({ quote: { id: draft.id }, userName: 'Prénom Nom' });
    expect(events.at(-1)?.kind).toBe('created');
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('adds dated notes to the timeline without changing the project', async () => {
    const p = await create(admin, { title: 'Chevalière', clientId });
    const res = await send(admin, 'POST', `/api/projects/${p.id}/notes`, { text: '  Rendez-vous pris samedi  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<ProjectEvent>(res)).toMatchObject({ kind: 'note', text: 'Rendez-vous pris samedi' });
    const events = await timeline(admin, p.id);
    expect(events.map((e) => e.kind)).toEqual(['note', 'created']);
    expect(body<Project>(await admin.get(`/api/projects/${p.id}`)).version).toBe(1);

    const empty = await send(admin, 'POST', `/api/projects/${p.id}/notes`, { text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(empty).fieldErrors.text).toEqual([
      'La note est obligatoire',
    ]);
    const missing = await send(admin, 'POST', '/api/projects/00000000-0000-4000-8000-000000000000/notes', {
      text: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('rejects bad input with French field errors', async () => {
    const res = await send(admin, 'POST', '/api/projects', {
      title: '',
      clientId: '',
      budget: '12,5,0',
      dueDate: '31/02/2027',
      status: 'perdu',
    });
    expect(res.statusCode).toBe(400);
    const err = body<{ code: string; fieldErrors: Record<string, string[]> }>(res);
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.fieldErrors.title).toEqual(['Le titre est obligatoire']);
    expect(err.fieldErrors.clientId).toEqual(['Le client est obligatoire']);
    expect(err.fieldErrors.budget?.[0]).toMatch(/^Le budget doit être un nombre positif/);
    expect(err.fieldErrors.dueDate?.[0]).toMatch(/^La date de livraison prévue invalide/);
    expect(err.fieldErrors.status?.[0]).toMatch(/^Statut : choisir parmi Idée, Conception/);
    const missingVersion = await send(admin, 'PATCH', '/api/projects/00000000-0000-4000-8000-000000000000', {
      status: 'clos',
    });
    expect(missingVersion.statusCode).toBe(400);
  });

  it("refuses a client of another organization (400), and answers 404 for another organization's project", async () => {
    const otherOrg = await createOrganization(t, 'Bijouterie Voisine');
    const { client: foreigner } = await signedInClient(t, { role: 'admin', organizationId: otherOrg });
    const foreignClient = await createClient(foreigner, 'Voisin');
    const res = await send(admin, 'POST', '/api/projects', { title: 'Pendentif', clientId: foreignClient });
    expect(res.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(res).fieldErrors.clientId).toEqual(['Client introuvable']);
    const unknown = await send(admin, 'POST', '/api/projects', {
      title: 'Pendentif',
      clientId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);

    const mine = await create(admin, { title: 'Broche', clientId });
    const moved = await send(admin, 'PATCH', `/api/projects/${mine.id}`, { version: 1, clientId: foreignClient });
    expect(moved.statusCode).toBe(400);

    for (const url of [
      `/api/projects/${mine.id}`,
      `/api/projects/${mine.id}/timeline`,
      `/api/projects/${mine.id}/photos`,
    ]) {
      expect((await foreigner.get(url)).statusCode, url).toBe(404);
    }
    expect((await send(foreigner, 'PATCH', `/api/projects/${mine.id}`, { version: 1, title: 'Volé' })).statusCode).toBe(
      404,
    );
    expect((await send(foreigner, 'POST', `/api/projects/${mine.id}/notes`, { text: 'x' })).statusCode).toBe(404);
    expect((await send(foreigner, 'DELETE', `/api/projects/${mine.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/projects/not-a-uuid')).statusCode).toBe(404);
    expect((await admin.get('/api/projects/not-a-uuid/timeline')).statusCode).toBe(404);
    expect(body<ListResponse<Project>>(await foreigner.get('/api/projects')).total).toBe(0);
  });

  it('follows the matrix: production gets 403, "other" roles read only, CSRF and session are required', async () => {
    const p = await create(admin, { title: 'Matrice', clientId });
    const { client: production } = await signedInClient(t, { role: 'production', organizationId: orgId });
    expect((await production.get('/api/projects')).statusCode).toBe(403);
    expect((await production.get(`/api/projects/${p.id}`)).statusCode).toBe(403);
    expect((await production.get(`/api/projects/${p.id}/timeline`)).statusCode).toBe(403);
    expect((await send(production, 'POST', '/api/projects', { title: 'X', clientId })).statusCode).toBe(403);

    const { client: sales } = await signedInClient(t, { role: 'sales', organizationId: orgId });
    expect((await send(sales, 'PATCH', `/api/projects/${p.id}`, { version: 1, status: 'devis' })).statusCode).toBe(200);

    const noCsrf = await send(admin, 'POST', '/api/projects', { title: 'X', clientId }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(body<{ code: string }>(noCsrf).code).toBe('CSRF_INVALID');
    expect((await send(admin, 'POST', `/api/projects/${p.id}/notes`, { text: 'x' }, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await send(admin, 'PATCH', `/api/projects/${p.id}`, { version: 2 }, { csrf: false })).statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/projects')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/projects/${p.id}/timeline`)).statusCode).toBe(401);
  });

  it('archives and restores', async () => {
    const p = await create(admin, { title: 'Archivable', clientId });
    const del = await send(admin, 'DELETE', `/api/projects/${p.id}`);
    expect(del.statusCode).toBe(200);
    expect(body<Project>(del).archivedAt).not.toBeNull();
    expect(body<ListResponse<Project>>(await admin.get('/api/projects?q=archivable')).total).toBe(0);
    expect(body<ListResponse<Project>>(await admin.get('/api/projects?q=archivable&archived=true')).total).toBe(1);
    const restored = await send(admin, 'POST', `/api/projects/${p.id}/restore`);
    expect(body<Project>(restored).archivedAt).toBeNull();
  });
});

describe('projects list', () => {
  let listOrg: string;
  let sales: TestClient;
  let dupre: string;
  let martin: string;
  beforeAll(async () => {
    listOrg = await createOrganization(t, 'Liste projets');
    sales = (await signedInClient(t, { role: 'sales', organizationId: listOrg })).client;
    dupre = await createClient(sales, 'Dupré');
    martin = await createClient(sales, 'Martin', 'Chloé');
    const rows: Array<[string, string, string, string | null]> = [
      ['Solitaire', dupre, 'conception', '2027-03-01'],
      ['Alliances', dupre, 'devis', '2027-01-15'],
      ['Éternité', martin, 'fabrication', '2027-02-10'],
      ['Zircon', martin, 'idee', null],
      ['Broche', martin, 'clos', '2026-12-01'],
    ];
    for (const [title, client, status, dueDate] of rows)
      await create(sales, { title, clientId: client, status, dueDate });
  });

  const titles = async (query: string) => {
    const res = await sales.get(`/api/projects${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return body<ListResponse<Project>>(res).items.map((p) => p.title);
  };

  it('sorts by due date (default, soonest first, no date last), title in French order, status in workflow order', async () => {
    expect(await titles('')).toEqual(['Broche', 'Alliances', 'Éternité', 'Solitaire', 'Zircon']);
    expect(await titles('?sort=title')).toEqual(['Alliances', 'Broche', 'Éternité', 'Solitaire', 'Zircon']);
    expect(await titles('?sort=status')).toEqual(['Zircon', 'Solitaire', 'Alliances', 'Éternité', 'Broche']);
    expect(await titles('?sort=status&dir=desc')).toEqual(['Broche', 'Éternité', 'Alliances', 'Solitaire', 'Zircon']);
    expect((await sales.get('/api/projects?sort=budget')).statusCode).toBe(400);
  });

  it('filters by status, client and due date; searches title and client name without accents', async () => {
    expect(await titles('?status=devis')).toEqual(['Alliances']);
    expect(await titles(`?clientId=${dupre}`)).toEqual(['Alliances', 'Solitaire']);
    expect(await titles('?dueFrom=2027-01-01&dueTo=2027-02-28')).toEqual(['Alliances', 'Éternité']);
    expect(await titles('?dueFrom=01/02/2027')).toEqual(['Éternité', 'Solitaire']);
    expect(await titles(`?clientId=${martin}&status=fabrication`)).toEqual(['Éternité']);
    expect(await titles('?q=eternite')).toEqual(['Éternité']);
    expect(await titles('?q=dupre')).toEqual(['Alliances', 'Solitaire']);
    expect(await titles('?q=chloe%20martin%20broche')).toEqual(['Broche']);
    const bad = await sales.get('/api/projects?status=perdu&dueFrom=99999-01-01&clientId=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(body<{ fieldErrors: Record<string, string[]> }>(bad).fieldErrors).sort()).toEqual([
      'clientId',
      'dueFrom',
      'status',
    ]);
  });

  it('exports the filtered list as French CSV', async () => {
    const res = await sales.get(`/api/projects/export.csv?clientId=${dupre}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="projets-\d{4}-\d{2}-\d{2}\.csv"/);
    const parsed = parseCsv(res.body);
    expect(parsed.headers).toEqual([
      'Titre',
      'Client',
      'Statut',
      'Budget (EUR)',
      'Livraison prévue',
      'Description',
      'Créé le',
      'Modifié le',
      'Archivé le',
    ]);
    expect(parsed.records.map((r) => [r.cells[0], r.cells[1], r.cells[2], r.cells[4]])).toEqual([
      ['Alliances', 'Mme Hélène Dupré', 'Devis', '15/01/2027'],
      ['Solitaire', 'Mme Hélène Dupré', 'Conception', '01/03/2027'],
    ]);
  });
});

describe('project photos', () => {
  let project: Project;
  beforeAll(async () => {
    project = await create(admin, { title: 'Pendentif photos', clientId: otherClientId });
  });

  it('uploads, lists, serves (nosniff, ETag) and deletes; each upload is a "photo" timeline entry', async () => {
    const png = await send(admin, 'POST', `/api/projects/${project.id}/photos`, upload(TINY_PNG));
    expect(png.statusCode, png.body).toBe(201);
    const meta = body<PhotoMeta>(png);
    expect(meta).toMatchObject({ filename: 'croquis.png', contentType: 'image/png', sizeBytes: TINY_PNG.length });
    expect(meta.url).toBe(`/api/projects/${project.id}/photos/${meta.id}`);
    const jpeg = await send(
      admin,
      'POST',
      `/api/projects/${project.id}/photos`,
      upload(TINY_JPEG, 'image/jpeg', 'essai.jpg'),
    );
    expect(jpeg.statusCode).toBe(201);

    const list = await admin.get(`/api/projects/${project.id}/photos`);
    expect(body<{ items: PhotoMeta[] }>(list).items.map((p) => p.filename)).toEqual(['croquis.png', 'essai.jpg']);

    // A role the product does not know ("Expert Joaillerie"): the matrix's "other" column.
    const { client: other } = await signedInClient(t, { role: 'expert_joaillerie', organizationId: orgId });
    const image = await other.get(meta.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    const cached = await other.request({
      method: 'GET',
      url: meta.url,
      headers: { 'if-none-match': image.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
    // "other" reads (matrix: sales R) but cannot write.
    expect((await send(other, 'POST', `/api/projects/${project.id}/photos`, upload(TINY_PNG))).statusCode).toBe(403);

    const events = await timeline(admin, project.id);
    expect(events.filter((e) => e.kind === 'photo').map((e) => e.text)).toEqual(['essai.jpg', 'croquis.png']);

    const del = await send(admin, 'DELETE', meta.url);
    expect(del.statusCode).toBe(204);
    expect((await admin.get(meta.url)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', meta.url)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', meta.url, undefined, { csrf: false })).statusCode).toBe(403);

    const foreignOrg = await createOrganization(t);
    const { client: foreigner } = await signedInClient(t, { role: 'admin', organizationId: foreignOrg });
    const second = body<{ items: PhotoMeta[] }>(await admin.get(`/api/projects/${project.id}/photos`)).items[0]!;
    expect((await foreigner.get(second.url)).statusCode).toBe(404);
    expect((await send(foreigner, 'DELETE', second.url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(second.url)).statusCode).toBe(401);
    expect((await admin.get(`/api/projects/${project.id}/photos/not-a-uuid`)).statusCode).toBe(404);
    // A photo of another project of the same organization is not served under this one.
    const otherProject = await create(admin, { title: 'Autre', clientId });
    expect((await admin.get(`/api/projects/${otherProject.id}/photos/${second.id}`)).statusCode).toBe(404);

    const actions = (await auditEntries(t, orgId, 'project'))
      .filter((a) => a.entityId === project.id)
      .map((a) => a.action);
    expect(actions).toEqual(['create', 'photo.add', 'photo.add', 'photo.delete']);
  });

  it('refuses what is not a JPEG/PNG/WebP (400), a type mismatch (400), over 5 MB (413), beyond the cap', async () => {
    const url = `/api/projects/${project.id}/photos`;
    const gif = await send(admin, 'POST', url, upload(Buffer.from('GIF89a-fake'), 'image/png'));
    expect(gif.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(gif).fieldErrors.dataBase64).toEqual([
      "Ce fichier n'est pas une image JPEG, PNG ou WebP",
    ]);
    const mismatch = await send(admin, 'POST', url, upload(TINY_PNG, 'image/jpeg'));
    expect(mismatch.statusCode).toBe(400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    TINY_PNG.copy(big);
    const tooBig = await send(admin, 'POST', url, upload(big));
    expect(tooBig.statusCode).toBe(413);

    const capped = await create(admin, { title: 'Beaucoup de croquis', clientId });
    await t.handle.db.insert(projectPhotos).values(
      Array.from({ length: PROJECT_PHOTOS_MAX }, (_, i) => ({
        organizationId: orgId,
        projectId: capped.id,
        position: i + 1,
        filename: `c${i}.png`,
        contentType: 'image/png' as const,
        sizeBytes: TINY_PNG.length,
        sha256: 'x',
        data: TINY_PNG,
      })),
    );
    const over = await send(admin, 'POST', `/api/projects/${capped.id}/photos`, upload(TINY_PNG));
    expect(over.statusCode).toBe(400);
    expect(body<{ fieldErrors: Record<string, string[]> }>(over).fieldErrors.dataBase64).toEqual([
      `${PROJECT_PHOTOS_MAX} photos au maximum par projet`,
    ]);
  });
});

describe('demo projects', () => {
  it('seeds a few projects of the demo clients with their timelines, once', async () => {
    const demoOrg = await createOrganization(t, 'Bijouterie Démo Projets');
    await seedDemoReferentiels(t.handle.db, demoOrg);
    await seedDemoProjects(t.handle.db, demoOrg);
    await seedDemoProjects(t.handle.db, demoOrg);
    const rows = await t.handle.db.select().from(projects).where(eq(projects.organizationId, demoOrg));
    expect(rows.map((r) => r.title).sort()).toEqual(DEMO_PROJECTS.map((p) => p.title).sort());
    const events = await t.handle.db.select().from(projectEvents).where(eq(projectEvents.organizationId, demoOrg));
    const delivered = rows.find((r) => r.status === 'livre')!;
    expect(
      events
        .filter((e) => e.projectId === delivered.id && e.kind !== 'note')
        .sort((a, b) => a.id - b.id)
        .map((e) => e.toStatus),
    ).toEqual(['idee', 'conception', 'devis', 'fabrication', 'livre']);
    const { client } = await signedInClient(t, { role: 'sales', organizationId: demoOrg });
    const list = body<ListResponse<Project>>(await client.get('/api/projects?q=dupre'));
    expect(list.items.map((p) => p.title)).toEqual(['Alliances gravées']);
  });
});
