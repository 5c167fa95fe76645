import { describe, expect, it } from 'vitest';
import {
  DiamondListError,
  catalogueUnavailableMessage,
  random6Path,
  shouldRetryDiamondList,
  weightRangeToParams,
} from './selection-query';

describe('weightRangeToParams', () => {
  it('maps a range to weight_min and weight_max', () => {
    expect(weightRangeToParams('0.30-0.39')).toEqual({ weight_min: 0.3, weight_max: 0.39 });
    expect(weightRangeToParams('1.00-1.10')).toEqual({ weight_min: 1, weight_max: 1.1 });
  });
  it('sends no bounds for "all" or an unknown value', () => {
    expect(weightRangeToParams('all')).toEqual({});
    expect(weightRangeToParams('nope')).toEqual({});
  });
});

describe('random6Path', () => {
  it('adds the bounds as query parameters', () => {
    expect(random6Path({})).toBe('/api/ddpl/random6');
    expect(random6Path({ weight_min: 0.2, weight_max: 0.29 })).toBe('/api/ddpl/random6?weight_min=0.2&weight_max=0.29');
  });
});

describe('DiamondListError', () => {
  it('uses the server message, else the fallback with the status', () => {
    expect(new DiamondListError(503, 'Flux fournisseur en panne').message).toBe('Flux fournisseur en panne');
    expect(new DiamondListError(502, null).message).toBe('Catalogue diamant temporairement indisponible (502)');
    expect(catalogueUnavailableMessage(404)).toBe('Catalogue diamant temporairement indisponible (404)');
  });
});

describe('shouldRetryDiamondList', () => {
  it('retries other errors up to 2 times', () => {
    const error = new DiamondListError(503, 'Flux en panne');
    expect(shouldRetryDiamondList(0, error)).toBe(true);
    expect(shouldRetryDiamondList(1, error)).toBe(true);
    expect(shouldRetryDiamondList(2, error)).toBe(false);
    expect(shouldRetryDiamondList(0, new TypeError('Failed to fetch'))).toBe(true);
  });
  it('never retries a 500', () => {
    expect(shouldRetryDiamondList(0, new DiamondListError(500, 'Erreur interne'))).toBe(false);
  });
  it('never retries the "temporairement indisponible" message', () => {
    expect(shouldRetryDiamondList(0, new DiamondListError(503, null))).toBe(false);
    expect(shouldRetryDiamondList(0, new Error('Catalogue diamant temporairement indisponible (502)'))).toBe(false);
  });
});
