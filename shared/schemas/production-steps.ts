import { z } from 'zod';
import { choice, optionalDecimal, optionalText, requiredInt, requiredText } from './fields';
import { listQuerySchema, versionField } from './lists';

/** Étapes Production. */
export const PRODUCTION_STEP_MODES = ['internal', 'subcontracted'] as const;
export type ProductionStepMode = (typeof PRODUCTION_STEP_MODES)[number];
export const PRODUCTION_STEP_MODE_LABELS: Readonly<Record<ProductionStepMode, string>> = {
  internal: 'Interne',
  subcontracted: 'Sous-traitée',
};

const stepFields = {
  name: requiredText('Le nom', 100),
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    requiredText('Le code', 30).regex(/^[A-Z0-9_-]+$/, 'Le code : lettres, chiffres, - et _ seulement'),
  ),
  description: optionalText('La description', 2000),
  defaultDurationMinutes: requiredInt('La durée par défaut (minutes)', 0, 100_000, 0),
  hourlyRate: optionalDecimal('Le taux horaire', { scale: 2, max: '99999.99' }),
  mode: choice('Mode', PRODUCTION_STEP_MODES, PRODUCTION_STEP_MODE_LABELS, 'internal'),
  supplierId: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().uuid('Sous-traitant invalide').nullable(),
  ),
};

function refineSubcontractor(
  s: { mode?: ProductionStepMode | undefined; supplierId?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (s.mode === 'subcontracted' && !s.supplierId) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['supplierId'],
      message: 'Choisissez le sous-traitant d’une étape sous-traitée',
    });
  }
}

export const productionStepInputSchema = z.object(stepFields).superRefine(refineSubcontractor);
export type ProductionStepInput = z.infer<typeof productionStepInputSchema>;
export const productionStepUpdateSchema = z.object(stepFields).partial().extend({ version: versionField });

export const PRODUCTION_STEP_SORT_FIELDS = [
  'position',
  'name',
  'code',
  'defaultDurationMinutes',
  'hourlyRate',
] as const;
export const productionStepListQuerySchema = listQuerySchema(PRODUCTION_STEP_SORT_FIELDS, 'position', {
  mode: z.enum(PRODUCTION_STEP_MODES, { errorMap: () => ({ message: 'Mode invalide' }) }).optional(),
});
export type ProductionStepListQuery = z.infer<typeof productionStepListQuerySchema>;

export interface ProductionStep {
  id: string;
  name: string;
  code: string;
  description: string | null;
  defaultDurationMinutes: number;
  hourlyRate: string | null;
  mode: ProductionStepMode;
  supplierId: string | null;
  supplierName: string | null;
  position: number;
  version: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
