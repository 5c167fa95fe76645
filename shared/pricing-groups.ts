import type { ComponentKind } from './schemas/products';

/**
 * The three coefficients of a sheet (ADR 0003): metal lines; stones (stone, melee and other lines: what is bought
 * and resold); labour lines. A new sheet starts from the organization's settings.
 */
export interface ProductCoefficients {
  metal: string;
  stones: string;
  labour: string;
}
export type CoefficientGroup = keyof ProductCoefficients;
export const COEFFICIENT_GROUPS = ['metal', 'stones', 'labour'] as const satisfies readonly CoefficientGroup[];
export const COEFFICIENT_GROUP_OF_KIND: Readonly<Record<ComponentKind, CoefficientGroup>> = {
  metal: 'metal',
  stone: 'stones',
  melee: 'stones',
  labour: 'labour',
  other: 'stones',
};
export const COEFFICIENT_GROUP_LABELS: Readonly<Record<CoefficientGroup, string>> = {
  metal: 'Métal',
  stones: 'Pierres, composants et autres',
  labour: "Main-d'œuvre",
};

/** The label of each coefficient's field on a sheet and in the creation dialog. */
export const COEFFICIENT_FIELD_LABELS: Readonly<Record<CoefficientGroup, string>> = {
  metal: 'Coef. métal',
  stones: 'Coef. pierres et autres',
  labour: "Coef. main-d'œuvre",
};
