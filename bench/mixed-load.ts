/**
 * The mixed workload of signed-in users that `npm run load` (bench/load-drill.ts) and the bench's memory figure
 * (bench/run.ts) send: dashboard reads, list searches and writes (clients created, quotes sent, gold buys
 * validated, work orders created), each user on any of the given nodes.
 */
import type { AppServer } from '../tests/e2e/app-server';
import { DEMO_PASSWORD } from '../tests/e2e/session';

export const ACCOUNTS = ['admin', 'manager', 'commercial'] as const;

export interface Sample {
  route: string;
  ms: number;
  ok: boolean;
}

/** A signed-in user: one session (cookie and CSRF token) used on both nodes. */
export class User {
  private cookie = '';
  private csrf = '';
  constructor(
    private readonly nodes: readonly AppServer[],
    private readonly samples: Sample[],
    /** The demo account the session belongs to (sales may not create work orders). */
    readonly account: (typeof ACCOUNTS)[number],
  ) {}

  private node(): string {
    return this.nodes[Math.floor(Math.random() * this.nodes.length)]!.url;
  }

  async call(route: string, method: string, path: string, body?: unknown): Promise<unknown> {
    const started = performance.now();
    let ok = false;
    try {
      const res = await fetch(`${this.node()}${path}`, {
        method,
        headers: {
          cookie: this.cookie,
          ...(method === 'GET' ? {} : { 'x-csrf-token': this.csrf }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
      if (setCookie.length > 0) this.cookie = setCookie.join('; ');
      const text = await res.text();
      ok = res.ok;
      if (!ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return text ? (JSON.parse(text) as unknown) : null;
    } finally {
      this.samples.push({ route, ms: performance.now() - started, ok });
    }
  }

  /** Signs in through POST /api/login, as a person does. */
  async signIn(username: string): Promise<void> {
    const anonymous = (await this.call('sign-in', 'GET', '/api/csrf-token')) as { csrfToken: string };
    this.csrf = anonymous.csrfToken;
    await this.call('sign-in', 'POST', '/api/login', { username, password: DEMO_PASSWORD });
    this.csrf = ((await this.call('sign-in', 'GET', '/api/csrf-token')) as { csrfToken: string }).csrfToken;
  }

  /** The session's cookie and CSRF token, for another user to share it. */
  credentials(): [cookie: string, csrf: string] {
    return [this.cookie, this.csrf];
  }

  /** Takes a session made in the database (the sign-in route throttles attempts per address). */
  useSession(cookie: string, csrf: string): void {
    this.cookie = cookie;
    this.csrf = csrf;
  }
}

/** What the users were told was written. */
export interface Acknowledged {
  clients: string[];
  quoteNumbers: string[];
  workOrderNumbers: string[];
  goldBuyNumbers: string[];
}

const SELLER = (n: number) => ({
  civility: 'M.',
  firstName: 'Charge',
  lastName: `Vendeur ${n}`,
  addressLine1: '12 rue des Orfèvres',
  postalCode: '69002',
  city: 'Lyon',
  idDocumentType: 'passport',
  idDocumentNumber: `LD${String(n).padStart(7, '0')}`,
  birthDate: '1970-05-04',
  birthPlace: 'Lyon',
  idDocumentAuthority: 'Préfecture du Rhône',
  idDocumentDate: '2020-01-15',
});

/** One user's next action, by weight: reads most, writes a fifth of the time. */
export async function act(user: User, n: number, ack: Acknowledged, clientId: string): Promise<void> {
  const roll = Math.random();
  if (roll < 0.15) {
    await user.call('GET /api/spot/gold', 'GET', '/api/spot/gold');
  } else if (roll < 0.27) {
    await user.call('GET /api/dashboard/activity', 'GET', '/api/dashboard/activity');
  } else if (roll < 0.37) {
    await user.call('GET /api/ddpl/random6', 'GET', '/api/ddpl/random6?weight_min=0.5&weight_max=1');
  } else if (roll < 0.5) {
    const q = ['du', 'mar', 'le', 'ber', 'an'][n % 5];
    await user.call('GET /api/clients?q=', 'GET', `/api/clients?q=${q}`);
  } else if (roll < 0.6) {
    await user.call('GET /api/quotes?status=sent', 'GET', '/api/quotes?status=sent');
  } else if (roll < 0.68) {
    await user.call('GET /api/gold-buys', 'GET', '/api/gold-buys?status=in-withdrawal');
  } else if (roll < 0.76) {
    await user.call('GET /api/work-orders?late=true', 'GET', '/api/work-orders?late=true');
  } else if (roll < 0.82) {
    const client = (await user.call('POST /api/clients', 'POST', '/api/clients', {
      kind: 'particulier',
      firstName: 'Client',
      lastName: `Charge ${n}`,
    })) as { id: string };
    ack.clients.push(client.id);
  } else if (roll < 0.9) {
    const draft = (await user.call('POST /api/quotes', 'POST', '/api/quotes', {
      title: `Devis charge ${n}`,
      clientId,
      lines: [{ kind: 'free', label: 'Mise à taille', priceMode: 'price', unitPrice: '45' }],
    })) as { id: string; version: number };
    const sent = (await user.call('POST /api/quotes/:id/send', 'POST', `/api/quotes/${draft.id}/send`, {
      version: draft.version,
    })) as { number: string };
    ack.quoteNumbers.push(sent.number);
  } else if (roll < 0.95) {
    const buy = (await user.call('POST /api/gold-buys', 'POST', '/api/gold-buys', {
      seller: SELLER(n),
      items: [
        {
          description: 'Bague or jaune',
          metal: 'gold',
          fineness: 750,
          category: 'jewellery',
          grossWeightG: '2,1',
          netWeightG: '2',
          hallmark: true,
        },
      ],
    })) as { id: string; version: number };
    const validated = (await user.call(
      'POST /api/gold-buys/:id/validate',
      'POST',
      `/api/gold-buys/${buy.id}/validate`,
      {
        version: buy.version,
        signedPlace: 'Lyon',
        paymentMethod: 'transfer',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        accountInSellerName: true,
      },
    )) as { number: string };
    ack.goldBuyNumbers.push(validated.number);
  } else if (user.account === 'commercial') {
    // Sales read the workshop's board; they do not create work orders.
    await user.call('GET /api/work-orders/board', 'GET', '/api/work-orders/board');
  } else {
    const order = (await user.call('POST /api/work-orders', 'POST', '/api/work-orders', {
      title: `OF charge ${n}`,
      priority: 'normale',
    })) as { number: string };
    ack.workOrderNumbers.push(order.number);
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
