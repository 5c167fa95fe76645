import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createTestApp, signedInClient, type TestApp, type TestClient } from '../../test/harness';

/**
 * "Expiré" is read from the day in Paris: the quotes list, its totals and its summary follow the
 * clock across midnight although no row changed (nothing cached or prepared keeps yesterday).
 */
let now = new Date('2026-03-10T10:00:00Z');
let t: TestApp;
let orgId: string;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({}, () => now);
  orgId = await createOrganization(t, 'Bijouterie Minuit');
  ({ client: admin } = await signedInClient(t, { role: 'admin', organizationId: orgId }));
});

afterAll(async () => {
  await t.close();
});

interface Listed {
  total: number;
  items: Array<{ id: string; status: string }>;
}

async function statusesOf(client: TestClient) {
  const list = async (query: string) => (await client.get(`/api/quotes?${query}`)).json() as Listed;
  const summary = async (query: string) => (await client.get(`/api/quotes/summary?${query}`)).json();
  return {
    all: (await list('')).items.map((q) => q.status),
    sent: (await list('status=sent')).total,
    expired: (await list('status=expired')).total,
    expiredSummary: (await summary('status=expired')).count,
    sentSummary: (await summary('status=sent')).totalInclVat,
  };
}

describe('the quotes list across midnight in Paris', () => {
  it('reads a quote valid until today as sent today and as expired tomorrow', async () => {
    const client = (await admin.post('/api/clients', { kind: 'particulier', lastName: 'Minuit' })).json();
    const created = await admin.post('/api/quotes', {
      clientId: client.id,
      validityDays: 1,
      lines: [{ kind: 'free', label: 'Gravure', quantity: '1', priceMode: 'price', unitPrice: '100' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await admin.post(`/api/quotes/${created.json().id}/send`, { version: created.json().version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().validUntil).toBe('2026-03-11');

    // Asked twice: the second answers come from what the first cached.
    for (let i = 0; i < 2; i++) {
      expect(await statusesOf(admin)).toEqual({
        all: ['sent'],
        sent: 1,
        expired: 0,
        expiredSummary: 0,
        sentSummary: '120.00',
      });
    }

    // 23:30 in Paris on its last day, then 00:30 the day after (a day later, sessions have ended: sign in again).
    now = new Date('2026-03-11T22:30:00Z');
    const { client: lastDay } = await signedInClient(t, { role: 'admin', organizationId: orgId });
    expect((await statusesOf(lastDay)).expired).toBe(0);
    now = new Date('2026-03-11T23:30:00Z');
    const { client: dayAfter } = await signedInClient(t, { role: 'admin', organizationId: orgId });
    expect(await statusesOf(dayAfter)).toEqual({
      all: ['expired'],
      sent: 0,
      expired: 1,
      expiredSummary: 1,
      sentSummary: '0.00',
    });
  });
});
