import fp from 'fastify-plugin';
import { duplicatesQuerySchema, type ClientTagsResponse } from '@shared/schemas/clients';
import { parseInput } from '../../http/validate';
import { registerResource } from '../../lists/resource';
import { findClientDuplicates, listClientTags } from './clients.queries';
import { clientsResource } from './clients.resource';

const read = { config: { access: { area: 'sales', mode: 'read' } } } as const;

/** Clients & prospects: list/search/filter/sort, CRUD with archive, CSV export/import, duplicate warnings. */
export const clientsModule = fp(
  async (app) => {
    // Before saving (the form asks as the person types) and after (create/update answers).
    app.get('/api/clients/duplicates', read, async (request) => {
      const query = parseInput(duplicatesQuerySchema, request.query);
      const duplicates = await findClientDuplicates(app.db, request.user!.organizationId, {
        email: query.email ?? null,
        phones: query.phone ?? [],
        lastName: query.lastName,
        firstName: query.firstName,
        postalCode: query.postalCode,
        city: query.city,
        excludeId: query.excludeId,
      });
      return { duplicates };
    });
    // The form's suggestions: each tag in its one spelling (migration 0044).
    app.get('/api/clients/tags', read, async (request): Promise<ClientTagsResponse> => {
      return { tags: await listClientTags(app.db, request.user!.organizationId) };
    });
    registerResource(app, clientsResource);
  },
  { name: 'clients' },
);
