import { describe, expect, it } from 'vitest';
import {
  PROJECT_STATUS_LABELS,
  projectEventTitle,
  projectInputSchema,
  projectListQuerySchema,
  projectNoteSchema,
} from './projects';

const CLIENT = '3f1c2b8e-6a4d-4c3e-9b1a-2d5e6f7a8b9c';

describe('project schemas', () => {
  it('reads French numbers and dates, empty strings as null, the status by value or label', () => {
    const p = projectInputSchema.parse({
      title: ' Bague de fiançailles ',
      clientId: CLIENT,
      budget: '1 234,50',
      dueDate: '14/02/2027',
      description: '',
      status: 'Livré',
    });
    expect(p).toEqual({
      title: 'Bague de fiançailles',
      clientId: CLIENT,
      budget: '1234.50',
      dueDate: '2027-02-14',
      description: null,
      status: 'livre',
    });
    expect(projectInputSchema.parse({ title: 'X', clientId: CLIENT, budget: '12,5' }).budget).toBe('12.5');
    expect(projectInputSchema.parse({ title: 'X', clientId: CLIENT }).status).toBe('idee');
    // Non-breaking and narrow non-breaking spaces group thousands too (copied from a French document).
    expect(projectInputSchema.parse({ title: 'X', clientId: CLIENT, budget: '12\u202f000,00' }).budget).toBe(
      '12000.00',
    );
  });

  it('refuses bad values with French messages', () => {
    const r = projectInputSchema.safeParse({
      title: '',
      clientId: '',
      budget: '12,5,0',
      dueDate: '31/02/2027',
      status: 'perdu',
    });
    expect(r.success).toBe(false);
    const errors = r.success ? {} : r.error.flatten().fieldErrors;
    expect(errors.title).toEqual(['Le titre est obligatoire']);
    expect(errors.clientId).toEqual(['Le client est obligatoire']);
    expect(errors.budget?.[0]).toMatch(/^Le budget doit être un nombre positif/);
    expect(errors.dueDate?.[0]).toMatch(/^La date de livraison prévue invalide/);
    expect(errors.status?.[0]).toBe('Statut : choisir parmi Idée, Conception, Devis, Fabrication, Livré, Clos');
    const big = projectInputSchema.safeParse({ title: 'X', clientId: CLIENT, budget: '10000000000' });
    expect(big.success ? [] : big.error.flatten().fieldErrors.budget).toEqual([
      'Le budget doit être au plus 9999999999.99',
    ]);
    const negative = projectInputSchema.safeParse({ title: 'X', clientId: CLIENT, budget: '-5' });
    expect(negative.success).toBe(false);
    const badClient = projectInputSchema.safeParse({ title: 'X', clientId: 'pas-un-id' });
    expect(badClient.success ? [] : badClient.error.flatten().fieldErrors.clientId).toEqual(['Client invalide']);
  });

  it('reads the list filters', () => {
    const q = projectListQuerySchema.parse({ status: 'devis', clientId: CLIENT, dueFrom: '01/01/2027', dueTo: '' });
    expect(q).toMatchObject({ status: 'devis', clientId: CLIENT, dueFrom: '2027-01-01', dueTo: null, sort: 'dueDate' });
    expect(projectListQuerySchema.safeParse({ status: 'perdu' }).success).toBe(false);
    expect(projectListQuerySchema.safeParse({ dueFrom: '99999-01-01' }).success).toBe(false);
    expect(projectListQuerySchema.safeParse({ sort: 'budget' }).success).toBe(false);
  });

  it('needs a note text', () => {
    expect(projectNoteSchema.safeParse({ text: '   ' }).success).toBe(false);
    expect(projectNoteSchema.parse({ text: ' Rendez-vous pris ' }).text).toBe('Rendez-vous pris');
  });

  it('says each timeline entry in French', () => {
    expect(Object.values(PROJECT_STATUS_LABELS)).toEqual([
      'Idée',
      'Conception',
      'Devis',
      'Fabrication',
      'Livré',
      'Clos',
    ]);
    expect(projectEventTitle({ kind: 'created', fromStatus: null, toStatus: 'idee' })).toBe('Projet créé (Idée)');
    expect(projectEventTitle({ kind: 'status', fromStatus: 'idee', toStatus: 'conception' })).toBe(
      'Statut : Idée → Conception',
    );
    expect(projectEventTitle({ kind: 'note', fromStatus: null, toStatus: null })).toBe('Note');
    expect(projectEventTitle({ kind: 'photo', fromStatus: null, toStatus: null })).toBe('Photo ajoutée');
  });
});
