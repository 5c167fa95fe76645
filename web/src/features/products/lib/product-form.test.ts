import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@shared/schemas/products';
import {
  emptyLine,
  formToInput,
  formValuesFromProduct,
  productCreateFormSchema,
  previewRequest,
  productSheetFormSchema,
  createFormDefaults,
  type ProductFormValues,
} from './product-form';
import type { PricingSettings } from '@shared/schemas/settings';

const ALLOY = '6f1c1f5e-8a57-4d0e-9d51-2a2f0b8f0a11';
const STEP = '0b8a3c1e-43f1-4a6b-8d3e-1c2d3e4f5a6b';

function values(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    name: 'Alliance or jaune',
    slug: '',
    category: 'alliance',
    description: '',
    coefficients: { metal: '1,5', stones: '2,5', labour: '2' },
    components: [],
    ...overrides,
  };
}

describe('product sheet form', () => {
  it('sends only the fields of each line kind, blank optional fields left out', () => {
    const metal = { ...emptyLine('metal'), alloyId: ALLOY, weightG: '4,2', lossPct: '' };
    const labour = { ...emptyLine('labour'), productionStepId: STEP, minutes: '90', hourlyRate: '', label: ' ' };
    const input = formToInput(values({ components: [metal, labour] }));
    expect(input.slug).toBeUndefined();
    expect(input.components).toEqual([
      { kind: 'metal', label: undefined, alloyId: ALLOY, weightG: '4,2', lossPct: null },
      { kind: 'labour', label: undefined, productionStepId: STEP, minutes: '90', hourlyRate: null },
    ]);
    const parsed = productSheetFormSchema.safeParse(values({ components: [metal, labour] }));
    expect(parsed.success).toBe(true);
    if (parsed.success) expect(parsed.data.components[0]).toMatchObject({ weightG: '4.2', lossPct: null });
  });

  it("reports the shared schema's French errors at the form's field paths", () => {
    const melee = { ...emptyLine('melee'), mm: '9', quantity: '0' };
    const other = { ...emptyLine('other'), label: '', amount: 'abc' };
    const parsed = productSheetFormSchema.safeParse(values({ name: '', components: [melee, other] }));
    expect(parsed.success).toBe(false);
    const errors = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(errors).toMatchObject({
      name: 'Ce champ est obligatoire',
      'components.0.mm': 'Doit être inférieur ou égal à 4',
      'components.0.quantity': 'La quantité doit être au moins 1',
      'components.1.label': 'Ce champ est obligatoire',
      'components.1.amount': 'Nombre invalide',
    });
  });

  it('reads "12,5" in every numeric field; a quantity of "12,5" is refused as not whole', () => {
    const metal = { ...emptyLine('metal'), alloyId: ALLOY, weightG: '12,5', lossPct: '2,5' };
    const labour = { ...emptyLine('labour'), productionStepId: STEP, minutes: '12,5', hourlyRate: '1 234,5' };
    const stone = { ...emptyLine('stone'), stoneId: STEP, quantity: '12,5' };
    const parsed = productSheetFormSchema.safeParse(values({ components: [metal, labour, stone] }));
    expect(parsed.success).toBe(false);
    const errors = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(errors).toEqual({ 'components.2.quantity': 'La quantité doit être un nombre entier' });
    const ok = productSheetFormSchema.safeParse(values({ components: [metal, labour] }));
    expect(ok.success && ok.data.components).toMatchObject([
      { weightG: '12.5', lossPct: '2.5' },
      { minutes: '12.5', hourlyRate: '1234.5' },
    ]);
    expect(ok.success && ok.data.coefficients).toEqual({ metal: '1.5', stones: '2.5', labour: '2' });
  });

  it('previews the lines that read as valid and counts the others', () => {
    const good = { ...emptyLine('other'), label: 'Écrin', amount: '12,5' };
    const typing = { ...emptyLine('metal'), alloyId: ALLOY, weightG: '' };
    const saved = { metal: '2', stones: '2', labour: '2' };
    const request = previewRequest(values({ components: [typing, good] }), saved);
    expect(request.skippedLines).toEqual([1]);
    expect(request.body.components).toEqual([{ kind: 'other', label: 'Écrin', amount: '12.5' }]);
    expect(request.body.coefficients).toEqual({ metal: '1.5', stones: '2.5', labour: '2' });
    const badCoefficient = previewRequest(values({ coefficients: { metal: 'abc', stones: '2', labour: '2' } }), saved);
    expect(badCoefficient).toMatchObject({ savedCoefficientsUsed: true, body: { coefficients: saved } });
  });

  it('starts a new sheet from the organization coefficients', () => {
    const settings = { coefficientMetal: '1.5', coefficientStones: '1.8', coefficientLabour: '2' };
    expect(createFormDefaults(settings as PricingSettings).coefficients).toEqual({
      metal: '1,5',
      stones: '1,8',
      labour: '2',
    });
  });

  it('asks for a category on creation', () => {
    const parsed = productCreateFormSchema.safeParse({ ...values({ category: '' }), slug: 'Bad Slug' });
    const errors = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(errors.category).toBe('Choisissez une catégorie');
    expect(errors.slug).toMatch(/Lettres minuscules/);
  });

  it('reads a stored sheet back into the form (decimals as text, nulls as blanks)', () => {
    const product = {
      name: 'Bague',
      slug: 'bague',
      category: 'bague',
      description: '',
      coefficients: { metal: '1.5', stones: '2.5', labour: '2' },
      components: [
        { id: 'a', position: 1, kind: 'metal', alloyId: ALLOY, weightG: '3.4', lossPct: null },
        { id: 'b', position: 2, kind: 'stone', stoneId: STEP, quantity: 2 },
      ],
    } as unknown as ProductDetail;
    const form = formValuesFromProduct(product);
    expect(form.coefficients).toEqual({ metal: '1,5', stones: '2,5', labour: '2' });
    expect(form.components[0]).toMatchObject({ kind: 'metal', weightG: '3,4', lossPct: '' });
    expect(form.components[1]).toMatchObject({ kind: 'stone', stoneId: STEP, quantity: '2' });
  });
});
