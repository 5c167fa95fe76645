import { describe, expect, it } from 'vitest';
import { metalBalances, returnedGrams } from './metal-balance';

const names = new Map([
  ['or18', 'Or jaune 18 carats'],
  ['ag925', 'Argent 925'],
]);

describe('metalBalances', () => {
  it('counts the loss of finished orders in grams and % of what they were given, to the milligram', () => {
    const [gold] = metalBalances(
      [
        { alloyId: 'or18', kind: 'issue', weightG: '12.500', finished: true },
        { alloyId: 'or18', kind: 'return', weightG: '12.100', finished: true },
      ],
      names,
      '3',
    );
    expect(gold).toEqual({
      alloyId: 'or18',
      alloyName: 'Or jaune 18 carats',
      issuedG: '12.500',
      returnedG: '12.100',
      lostG: '0.400',
      lossPct: '3.20',
      inWorkshopG: '0.000',
      lossFlagged: true,
    });
  });

  it('keeps metal of orders not finished in the workshop, not lost', () => {
    const [gold] = metalBalances(
      [
        { alloyId: 'or18', kind: 'issue', weightG: '10', finished: false },
        { alloyId: 'or18', kind: 'return', weightG: '4.2', finished: false },
        { alloyId: 'or18', kind: 'issue', weightG: '20', finished: true },
        { alloyId: 'or18', kind: 'return', weightG: '19.7', finished: true },
      ],
      names,
      '3',
    );
    expect(gold).toMatchObject({ issuedG: '30.000', returnedG: '23.900', lostG: '0.300', lossPct: '1.50' });
    expect(gold!.inWorkshopG).toBe('5.800');
    expect(gold!.lossFlagged).toBe(false);
  });

  it('rounds the % half-up and never sums floats', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    const [silver] = metalBalances(
      [
        { alloyId: 'ag925', kind: 'issue', weightG: '0.1', finished: true },
        { alloyId: 'ag925', kind: 'issue', weightG: '0.2', finished: true },
        { alloyId: 'ag925', kind: 'return', weightG: '0.291', finished: true },
      ],
      names,
      '3',
    );
    expect(silver).toMatchObject({ issuedG: '0.300', lostG: '0.009', lossPct: '3.00', lossFlagged: false });
    const [gold] = metalBalances(
      [
        { alloyId: 'or18', kind: 'issue', weightG: '8', finished: true },
        { alloyId: 'or18', kind: 'return', weightG: '7.7596', finished: true },
      ],
      names,
      '3',
    );
    // 0.2404 / 8 = 3.005 %: half-up to 3.01, above 3.
    expect(gold).toMatchObject({ lossPct: '3.01', lossFlagged: true });
  });

  it('has no % when nothing was issued to finished orders, and lists alloys in the given order', () => {
    const balances = metalBalances(
      [
        { alloyId: 'ag925', kind: 'issue', weightG: '5', finished: false },
        { alloyId: 'or18', kind: 'issue', weightG: '5', finished: false },
      ],
      names,
      '3',
    );
    expect(balances.map((b) => b.alloyId)).toEqual(['or18', 'ag925']);
    expect(balances[0]!.lossPct).toBeNull();
  });

  it('adds the parts of a return', () => {
    expect(returnedGrams(['10.1', '0.25', null])).toBe('10.350');
  });
});
