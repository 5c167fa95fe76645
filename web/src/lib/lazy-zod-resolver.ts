import type { FieldValues, Resolver } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';

type ZodSchema = Parameters<typeof zodResolver>[0];

/**
 * A react-hook-form resolver that downloads zod, the schema and the zod resolver on first validation (usually the
 * first submit), then validates exactly as `zodResolver(schema)`. Used where the first paint must stay light
 * (/auth): zod alone is ~13 KB gzipped. Call `preload()` to start the download early (e.g. on first focus).
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodSchema>,
): Resolver<T> & { preload(): void } {
  let ready: Promise<Resolver<T>> | null = null;
  const load = () =>
    (ready ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, resolvers]) => resolvers.zodResolver(schema) as unknown as Resolver<T>,
    ));
  const resolver: Resolver<T> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load() });
}
