import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form driven by a shared zod schema (the one the API validates with): inline French errors,
 * validated on blur then on change. `TValues` is the form's own shape (strings from inputs); the submit
 * handler receives the schema's parsed output.
 */
export function useZodForm<TValues extends FieldValues, TOutput = TValues>(
  schema: z.ZodType<TOutput, z.ZodTypeDef, unknown>,
  defaultValues: DefaultValues<TValues>,
): UseFormReturn<TValues, unknown, TOutput> {
  // The schema's input type is `unknown` for preprocessed fields; the form's values are what it parses.
  const resolver = zodResolver(schema as unknown as z.ZodType<TOutput, z.ZodTypeDef, TValues>) as Resolver<
    TValues,
    unknown,
    TOutput
  >;
  return useForm<TValues, unknown, TOutput>({ resolver, defaultValues, mode: 'onTouched' });
}
