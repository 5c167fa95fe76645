import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';
import { appendRouteHook, takesBody } from './route-hooks';

/**
 * Input limits every route gets before its own zod schema (ADR 0007): PostgreSQL refuses NUL bytes in
 * text and a lone UTF-16 surrogate cannot be encoded in UTF-8, so either would otherwise surface as a
 * 500 from the database; very deep JSON would make any recursive walk (JSON.stringify included) overflow
 * the stack. The walk is iterative and bounded, so it cannot itself be made to overflow.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_NODES = 200_000;

export type InputProblem = { path: string; message: string } | null;

const NUL_MESSAGE = 'Caractère nul (\\u0000) interdit';
const SURROGATE_MESSAGE = 'Texte invalide (caractère Unicode incomplet)';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** No own enumerable key: the walk below would find nothing in it (a Buffer is skipped there too). */
function isEmptyObject(value: object): boolean {
  if (Buffer.isBuffer(value)) return true;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** Pure: the first problem found in a parsed JSON body, query string or path parameters, if any. */
export function findInputProblem(value: unknown): InputProblem {
  // Most requests have no body and empty parameters: nothing to walk, nothing to allocate.
  if (value === undefined || value === null || (typeof value === 'object' && isEmptyObject(value))) return null;
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (++nodes > MAX_JSON_NODES) return { path: '_', message: 'Requête trop volumineuse' };
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path: path || '_', message: problem };
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_JSON_DEPTH) {
      return { path: path || '_', message: `Données trop imbriquées (${MAX_JSON_DEPTH} niveaux au plus)` };
    }
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: path || '_', message: keyProblem };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Registered after the authorize plugin, so a refused role still gets its 403: a body, query or path parameter
 * with a NUL byte, a lone surrogate or too deep a structure answers 400 with the field. Each route gets the
 * checks it needs, after its own onRequest hooks: the path and the query in onRequest, the body once parsed
 * in a preHandler of the routes that take one (so a GET route has no preHandler at all: each kind of hook a
 * route has costs every one of its requests).
 */
export const inputGuardModule = fp(
  async (app: FastifyInstance) => {
    const refuse = (problem: NonNullable<InputProblem>): AppError =>
      new AppError('VALIDATION_FAILED', 'Données invalides', { [problem.path]: [problem.message] });
    const guardPathAndQuery: onRequestHookHandler = (request, _reply, done) => {
      const problem = findInputProblem(request.params) ?? findInputProblem(request.query);
      done(problem ? refuse(problem) : undefined);
    };
    const guardQuery: onRequestHookHandler = (request, _reply, done) => {
      const problem = findInputProblem(request.query);
      done(problem ? refuse(problem) : undefined);
    };
    const guardBody: preHandlerHookHandler = (request, _reply, done) => {
      const problem = findInputProblem(request.body);
      done(problem ? refuse(problem) : undefined);
    };
    app.addHook('onRoute', (route) => {
      // A route whose pattern has no parameter (`:id`, `*`) always has empty path parameters.
      appendRouteHook(route, 'onRequest', /[:*]/.test(route.url) ? guardPathAndQuery : guardQuery);
      if (takesBody(route)) {
        appendRouteHook(route, 'preHandler', guardBody);
      }
    });
  },
  { name: 'input-guard' },
);
