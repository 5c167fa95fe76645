import { describe, expect, it } from 'vitest';
import { quoteLineSchema, type QuoteDetail, type QuoteLineInput } from '@shared/schemas/quotes';
import {
  defaultCoefficientText,
  draftSaveRequest,
  emptyLine,
  formValuesFromQuote,
  lineFromStored,
  lineToInput,
  parseLines,
  quoteFormSchema,
  type QuoteFormValues,
  type QuoteLineFormValues,
} from './quote-form';

const ALLOY = '11111111-1111-4111-8111-111111111111';
const STONE = '22222222-2222-4222-8222-222222222222';
const STEP = '33333333-3333-4333-8333-333333333333';
const PRODUCT = '44444444-4444-4444-8444-444444444444';
const CLIENT = '55555555-5555-4555-8555-555555555555';

const line = (kind: QuoteLineFormValues['kind'], fields: Partial<QuoteLineFormValues> = {}): QuoteLineFormValues => ({
  ...emptyLine(kind, '20', `k-${kind}`),
  ...fields,
});

const form = (fields: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  clientId: '',
  projectId: '',
  title: '',
  validityDays: '',
  paymentTerms: '',
  deliveryTerms: '',
  isFree: 'true',
  quoteFee: '',
  notes: '',
  lines: [],
  ...fields,
});

describe('lineToInput', () => {
  it('sends a metal line with its alloy, weight and loss, priced by the default coefficient', () => {
    expect(lineToInput(line('metal', { alloyId: ALLOY, weightG: '4,5', lossPct: '3' }))).toEqual({
      kind: 'metal',
      key: 'k-metal',
      label: undefined,
      description: '',
      quantity: '1',
      priceMode: 'coefficient',
      coefficient: '',
      marginPct: null,
      unitPrice: null,
      discountPct: '0',
      vatRatePct: '20',
      alloyId: ALLOY,
      weightG: '4,5',
      lossPct: '3',
    });
  });

  it('sends only the price of the chosen mode: what is typed for the others stays in the form', () => {
    const typed = line('free', { label: 'Gravure', coefficient: '2', marginPct: '40', unitPrice: '150' });
    expect(lineToInput({ ...typed, priceMode: 'margin' })).toMatchObject({
      coefficient: null,
      marginPct: '40',
      unitPrice: null,
    });
    expect(lineToInput({ ...typed, priceMode: 'price' })).toMatchObject({
      coefficient: null,
      marginPct: null,
      unitPrice: '150',
    });
  });

  it('sends labour as minutes × rate, or as a subcontracted price per piece', () => {
    const labour = line('labour', { productionStepId: STEP, minutes: '90', hourlyRate: '60', subcontractPrice: '80' });
    expect(lineToInput(labour)).toMatchObject({ minutes: '90', hourlyRate: '60', subcontractPrice: null });
    expect(lineToInput({ ...labour, labourMode: 'subcontract' })).toMatchObject({
      minutes: null,
      hourlyRate: null,
      subcontractPrice: '80',
    });
  });

  it('reads an empty discount as no discount', () => {
    expect(lineToInput(line('free', { discountPct: ' ' }))).toMatchObject({ discountPct: '0' });
  });
});

describe('parseLines', () => {
  it('reads French numbers ("1 234,5", "12,5") and leaves out the lines still being typed', () => {
    const parsed = parseLines([
      line('metal', { alloyId: ALLOY, weightG: '1 234,5', lossPct: '2,5' }),
      line('metal', { alloyId: '', weightG: '3' }),
      line('free', { label: 'Gravure', unitPrice: '12,5', priceMode: 'price', quantity: '2', discountPct: '10' }),
      line('labour', { productionStepId: STEP }),
    ]);
    expect(parsed.skippedLines).toEqual([2, 4]);
    expect(parsed.formIndex).toEqual([0, 2]);
    expect(parsed.lines[0]).toMatchObject({ kind: 'metal', weightG: '1234.5', lossPct: '2.5' });
    expect(parsed.lines[1]).toMatchObject({
      kind: 'free',
      label: 'Gravure',
      unitPrice: '12.5',
      quantity: '2',
      discountPct: '10',
    });
  });

  it('needs a typed price in "Prix saisi" mode and a margin in "Marge %" mode', () => {
    const parsed = parseLines([
      line('free', { label: 'A', priceMode: 'price' }),
      line('free', { label: 'B', priceMode: 'margin' }),
      line('free', { label: 'C', priceMode: 'margin', marginPct: '35' }),
    ]);
    expect(parsed.skippedLines).toEqual([1, 2]);
  });
});

describe('the builder form schema', () => {
  it('puts the shared schema’s French messages on the line fields', () => {
    const result = quoteFormSchema.safeParse(
      form({ lines: [line('metal', { weightG: 'abc' }), line('labour', { productionStepId: STEP })] }),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.success ? [] : result.error.issues).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toMatchObject({
      'lines.0.alloyId': 'Alliage inconnu',
      'lines.0.weightG': 'Nombre invalide',
    });
    // Labour's "minutes or subcontracted price" is checked once the line itself reads.
    expect(parseLines([line('labour', { productionStepId: STEP })]).skippedLines).toEqual([1]);
  });
});

describe('draftSaveRequest', () => {
  it('sends the quote and its valid lines only', () => {
    const request = draftSaveRequest(
      form({
        clientId: CLIENT,
        title: ' Bague ',
        validityDays: '45',
        lines: [line('free', { label: 'Gravure', unitCost: '20' }), line('metal', { weightG: '2' })],
      }),
    );
    expect(request.invalidFields).toEqual([]);
    expect(request.skippedLines).toEqual([2]);
    expect(request.body).toMatchObject({
      clientId: CLIENT,
      projectId: null,
      title: 'Bague',
      validityDays: 45,
      isFree: true,
      quoteFee: null,
    });
    expect(request.body?.lines).toHaveLength(1);
    expect(request.body).not.toHaveProperty('version');
  });

  it('sends nothing while a field of the quote itself is wrong', () => {
    expect(draftSaveRequest(form({ validityDays: 'abc' }))).toMatchObject({
      body: null,
      invalidFields: ['validityDays'],
    });
    expect(draftSaveRequest(form({ isFree: 'false', quoteFee: '' }))).toMatchObject({
      body: null,
      invalidFields: ['quoteFee'],
    });
    expect(draftSaveRequest(form({ isFree: 'false', quoteFee: '50,5' })).body).toMatchObject({
      isFree: false,
      quoteFee: '50.5',
    });
  });
});

describe('stored lines back in the form', () => {
  const stored: QuoteLineInput[] = [
    { kind: 'metal', alloyId: ALLOY, weightG: '4.5', lossPct: '3' },
    { kind: 'diamond', diamondId: '42', priceMode: 'margin', marginPct: '30' },
    { kind: 'melee', mm: '1.3', clarity: 'VS1', quantity: '12' },
    { kind: 'stone', stoneId: STONE, stoneUnit: 'ct', quantity: '0.52' },
    { kind: 'labour', productionStepId: STEP, subcontractPrice: '80' },
    { kind: 'labour', productionStepId: STEP, minutes: '90', hourlyRate: '65.5' },
    { kind: 'product', productId: PRODUCT, discountPct: '5', vatRatePct: '5.5' },
    { kind: 'free', label: 'Gravure', unit: 'forfait', unitCost: '20', priceMode: 'price', unitPrice: '150' },
  ].map((l, i) => quoteLineSchema.parse({ ...l, key: `s${i}` }));

  it('shows numbers the French way and sends the same lines back', () => {
    const values = stored.map((l) => lineFromStored(l, '20'));
    expect(values[0]).toMatchObject({ weightG: '4,5', lossPct: '3' });
    expect(values[3]).toMatchObject({ quantity: '0,52', stoneUnit: 'ct' });
    expect(values[4]).toMatchObject({ labourMode: 'subcontract', subcontractPrice: '80' });
    expect(values[5]).toMatchObject({ labourMode: 'time', minutes: '90', hourlyRate: '65,5' });
    expect(values[6]).toMatchObject({ vatRatePct: '5.5', discountPct: '5' });
    const again = parseLines(values);
    expect(again.skippedLines).toEqual([]);
    // Absent and null optional fields are the same line (the schema reads both as "not given").
    const compact = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (x === null ? undefined : x)));
    expect(compact(again.lines)).toEqual(compact(stored));
  });

  it('names a catalogue diamond from the quote’s stored price', () => {
    const quote = {
      clientId: null,
      projectId: null,
      title: 'Solitaire',
      validityDays: 30,
      paymentTerms: '',
      deliveryTerms: '',
      isFree: true,
      quoteFee: null,
      notes: '',
      lines: [stored[1]],
      stored: { pricing: { lines: [{ index: 0, label: 'Rond 0,52 ct F VS1', missing: null }] } },
      today: null,
    } as unknown as QuoteDetail;
    const values = formValuesFromQuote(quote, '20');
    expect(values.lines[0]).toMatchObject({ diamondId: '42', diamondLabel: 'Rond 0,52 ct F VS1' });
    expect(values).toMatchObject({ title: 'Solitaire', validityDays: '30', isFree: 'true', clientId: '' });
  });
});

describe('defaultCoefficientText', () => {
  const settings = { coefficientMetal: '1.5', coefficientStones: '1.8', coefficientLabour: '2' };
  it('is the settings’ coefficient of the line’s group, the French way', () => {
    expect(defaultCoefficientText('metal', settings)).toBe('1,5');
    expect(defaultCoefficientText('diamond', settings)).toBe('1,8');
    expect(defaultCoefficientText('free', settings)).toBe('1,8');
    expect(defaultCoefficientText('labour', settings)).toBe('2');
    expect(defaultCoefficientText('product', settings)).toBe('prix de la fiche');
    expect(defaultCoefficientText('metal', undefined)).toBe('');
  });
});
