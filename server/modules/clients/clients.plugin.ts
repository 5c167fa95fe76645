import fp from 'fastify-plugin';
import { duplicatesQuerySchema } from '@shared/schemas/clients';
import { parseInput } from '../../http/validate';
import { registerResource } from '../../lists/resource';
import { clientsResource, findClientDuplicates } from './clients.resource';

/** Clients & prospects: list/search/filter/sort, CRUD with archive, CSV export/import, duplicate warnings. */
export const clientsModule = fp(
  async (app) => {
    app.get('/api/clients/duplicates', { config: { access: { area: 'sales', mode: 'read' } } }, async (request) => {
      const query = parseInput(duplicatesQuerySchema, request.query);
      const duplicates = await findClientDuplicates(app.db, request.user!.organizationId, {
        email: query.email ?? null,
        phones: [query.phone],
        ...(query.excludeId ? { excludeId: query.excludeId } : {}),
      });
      return { duplicates };
    });
    registerResource(app, clientsResource);
  },
  { name: 'clients' },
);
