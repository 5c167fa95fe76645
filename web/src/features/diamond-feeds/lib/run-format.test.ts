import { describe, expect, it } from 'vitest';
import { announcedPercent, formatSchedule } from './run-format';

describe('formatSchedule', () => {
  it('says a period of one unit without its number', () => {
    expect(formatSchedule(1)).toBe('toutes les minutes');
    expect(formatSchedule(60)).toBe('toutes les heures');
    expect(formatSchedule(1440)).toBe('tous les jours');
    expect(formatSchedule(10080)).toBe('toutes les semaines');
  });

  it('says a longer period with its number and unit', () => {
    expect(formatSchedule(15)).toBe('toutes les 15 min');
    expect(formatSchedule(30)).toBe('toutes les 30 min');
    expect(formatSchedule(90)).toBe('toutes les 90 min');
    expect(formatSchedule(120)).toBe('toutes les 2 h');
    expect(formatSchedule(360)).toBe('toutes les 6 h');
    expect(formatSchedule(2880)).toBe('tous les 2 jours');
    expect(formatSchedule(20160)).toBe('toutes les 2 semaines');
  });

  it('says a feed without a schedule is read on demand', () => {
    expect(formatSchedule(null)).toBe('à la demande');
  });
});

describe('announcedPercent', () => {
  it('rounds the progress down to a step of 10 %', () => {
    expect([0, 3, 9.9, 10, 19, 42, 99, 100].map(announcedPercent)).toEqual([0, 0, 0, 10, 10, 40, 90, 100]);
  });

  it('stays between 0 and 100', () => {
    expect(announcedPercent(-5)).toBe(0);
    expect(announcedPercent(130)).toBe(100);
  });
});
