import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every /api route registered in the app (HEAD excluded), read from Fastify's own route tree
 * (`printRoutes`), so routes registered before the authorize plugin's onRoute hook are included too.
 */
export function listApiRoutes(app: FastifyInstance): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const tree = app.printRoutes({ method, commonPrefix: false });
    const stack: string[] = [];
    for (const line of tree.split('\n')) {
      const match = /^([│ ]*)(?:├── |└── )(.+?)(?: \(([^)]*)\))?$/.exec(line);
      if (!match) continue;
      const depth = Math.round(match[1]!.length / 4);
      stack.length = depth;
      stack.push(match[2]!);
      const methods = match[3]?.split(',').map((m) => m.trim());
      if (methods?.includes(method)) {
        const path = stack.join('');
        if (path.startsWith('/api/') || path === '/api') out.push({ method, path });
      }
    }
  }
  return out;
}
