import { describe, expect, it } from 'vitest';
import { DIAMOND_SHAPES } from './constants';
import { diamondNameKey, shapeName } from './diamond-names';
import {
  FEED_GRADE_CODES,
  FEED_SHAPE_CODES,
  FEED_SHAPE_OPTIONS,
  feedCodeKey,
  feedGradeLabel,
  feedShapeLabel,
  normaliseFeedAvailability,
  normaliseFeedClarity,
  normaliseFeedColor,
  normaliseFeedFancyColor,
  normaliseFeedFancyIntensity,
  normaliseFeedFluorescence,
  normaliseFeedFluorescenceColor,
  normaliseFeedGrade,
  normaliseFeedGrowth,
  normaliseFeedLab,
  normaliseFeedShape,
  normaliseFeedStoneColor,
  normaliseFeedTreatment,
  normaliseFeedTreatments,
  splitFeedFluorescence,
  type FeedCodeResult,
} from './diamond-feed-codes';

/** [canonical code, spellings] rows, each spelling also tried in lower case and padded. */
type Table = ReadonlyArray<readonly [string, readonly string[]]>;

function checkTable(normalise: (raw: string) => FeedCodeResult, table: Table) {
  const cases = table.flatMap(([code, spellings]) =>
    spellings.flatMap((s) => [
      [s, code],
      [s.toLowerCase(), code],
      [`  ${s}\t`, code],
    ]),
  );
  it.each(cases)('%j -> %s', (raw, code) => {
    expect(normalise(raw)).toMatchObject({ ok: true, code });
  });
}

describe('feedCodeKey', () => {
  it('ignores case, accents, spaces and punctuation', () => {
    expect(feedCodeKey('  Round_brilliant ')).toBe('ROUND BRILLIANT');
    expect(feedCodeKey('Sq. Em')).toBe('SQ EM');
    expect(feedCodeKey('Émeraude  carrée')).toBe('EMERAUDE CARREE');
    expect(feedCodeKey('Cœur')).toBe('COEUR');
    expect(feedCodeKey('N/A')).toBe('N A');
  });
});

describe('normaliseFeedShape', () => {
  checkTable(normaliseFeedShape, [
    [
      'round',
      ['B', 'RB', 'RBC', 'BR', 'RND', 'ROUND', 'RD', 'Round Brilliant', 'round-brilliant', 'BRILLIANT', 'Rond'],
    ],
    ['pear', ['P', 'PS', 'PSH', 'PEAR', 'Pear Shape', 'Pear Brilliant', 'Pear Modified Brilliant']],
    ['emerald', ['E', 'EC', 'EM', 'EMERALD', 'Emerald Cut', 'Émeraude']],
    ['princess', ['PR', 'PRN', 'PRINCESS', 'Princess Cut', 'Square Modified Brilliant']],
    ['asscher', ['A', 'AS', 'SQ EM', 'SQEM', 'Sq. Em', 'ASSCHER']],
    [
      'cushion',
      ['C', 'CU', 'CUS', 'CB', 'CS', 'CUSHION', 'Cushion Brilliant', 'Cushion Modified', 'CUSHION_MODIFIED', 'CMB'],
    ],
    ['heart', ['H', 'HS', 'HT', 'HEART', 'Heart Shape', 'Cœur']],
    ['oval', ['O', 'OV', 'OVAL', 'Oval Brilliant']],
    ['radiant', ['R', 'RA', 'RAD', 'RDN', 'RADIANT', 'Cut-Cornered Rectangular Modified Brilliant']],
    ['marquise', ['M', 'MQ', 'MARQUISE', 'Marquise Brilliant']],
    ['square-emerald', ['SQUARE_EMERALD', 'square emerald', 'Square Emerald Cut']],
    ['square-radiant', ['SQUARE_RADIANT', 'Square Radiant', 'SQ RAD']],
    ['old-miner', ['OLD_MINER', 'Old Miner', 'Old Mine Cut', 'OMC']],
    ['old-european', ['OLD_EUROPEAN', 'Old European Cut', 'OEC', 'EUROPEAN_CUT']],
    ['trillion', ['TRILLION', 'Trilliant', 'TRI', 'Triangle']],
    ['baguette', ['BAGUETTE', 'BAG', 'Straight Baguette']],
    ['tapered-baguette', ['TAPERED_BAGUETTE', 'Tapered Baguette', 'TB']],
  ]);

  it('reads RD as round, never as radiant', () => {
    expect(normaliseFeedShape('RD')).toEqual({ ok: true, code: 'round', label: 'Rond' });
    expect(normaliseFeedShape('rd')).toEqual({ ok: true, code: 'round', label: 'Rond' });
    expect(normaliseFeedShape('RDN')).toEqual({ ok: true, code: 'radiant', label: 'Radiant' });
  });

  it('reports unknown shapes with their text, and a blank cell with an empty text', () => {
    expect(normaliseFeedShape(' Kite ')).toEqual({ ok: false, raw: 'Kite' });
    expect(normaliseFeedShape('ZZ')).toEqual({ ok: false, raw: 'ZZ' });
    expect(normaliseFeedShape('Cut')).toEqual({ ok: false, raw: 'Cut' });
    expect(normaliseFeedShape('   ')).toEqual({ ok: false, raw: '' });
  });

  it('lists every canonical shape once with a French label', () => {
    expect(FEED_SHAPE_OPTIONS.map((o) => o.code)).toEqual([...FEED_SHAPE_CODES]);
    expect(FEED_SHAPE_OPTIONS.find((o) => o.code === 'square-radiant')?.label).toBe('Radiant carré');
    expect(FEED_SHAPE_OPTIONS.find((o) => o.code === 'square-emerald')?.label).toBe('Émeraude carrée');
    expect(feedShapeLabel('heart')).toBe('Cœur');
    for (const { label } of FEED_SHAPE_OPTIONS) expect(label).toMatch(/^[A-ZÉŒ]/);
  });

  it("agrees with the catalogue's shape names (diamond-names.ts)", () => {
    for (const shape of DIAMOND_SHAPES) {
      const found = normaliseFeedShape(shape);
      expect(found).toMatchObject({ ok: true, label: shapeName(shape) });
      if (found.ok) expect(diamondNameKey(found.code)).toBe(shape);
    }
  });
});

describe('normaliseFeedGrade', () => {
  checkTable(normaliseFeedGrade, [
    ['ideal', ['ID', 'IDEAL', 'Ideal']],
    ['excellent', ['EX', 'EXC', 'Excellent', '3EX', '3X']],
    ['very-good', ['VG', 'Very Good', 'VERY_GOOD', 'very-good', 'V.Good', '3VG']],
    ['good', ['G', 'GD', 'Good']],
    ['fair', ['F', 'FR', 'Fair']],
    ['poor', ['P', 'PR', 'Poor']],
  ]);

  it('resolves a range to its lower grade, in either order', () => {
    expect(normaliseFeedGrade('VG-EX')).toEqual({ ok: true, code: 'very-good', label: 'Très bon' });
    expect(normaliseFeedGrade('EX-VG')).toMatchObject({ code: 'very-good' });
    expect(normaliseFeedGrade('EX/VG')).toMatchObject({ code: 'very-good' });
    expect(normaliseFeedGrade('Good - Very Good')).toMatchObject({ code: 'good' });
    expect(normaliseFeedGrade('ID-EX')).toMatchObject({ code: 'excellent' });
    expect(normaliseFeedGrade('VG to G')).toMatchObject({ code: 'good' });
  });

  it('gives French labels and reports unknown grades and ranges', () => {
    expect(FEED_GRADE_CODES.map(feedGradeLabel)).toEqual([
      'Idéal',
      'Excellent',
      'Très bon',
      'Bon',
      'Passable',
      'Médiocre',
    ]);
    expect(normaliseFeedGrade('Superb')).toEqual({ ok: false, raw: 'Superb' });
    expect(normaliseFeedGrade('EX-XYZ')).toEqual({ ok: false, raw: 'EX-XYZ' });
    expect(normaliseFeedGrade('EX-VG-G')).toEqual({ ok: false, raw: 'EX-VG-G' });
    expect(normaliseFeedGrade('')).toEqual({ ok: false, raw: '' });
  });
});

describe('normaliseFeedClarity', () => {
  checkTable(normaliseFeedClarity, [
    ['FL', ['FL', 'Flawless']],
    ['IF', ['IF', 'Internally Flawless']],
    ['VVS1', ['VVS1', 'VVS 1', 'vvs-1']],
    ['VVS2', ['VVS2', 'VVS 2']],
    ['VS1', ['VS1', 'VS 1']],
    ['VS2', ['VS2', 'VS-2']],
    ['SI1', ['SI1', 'SI 1']],
    ['SI2', ['SI2']],
    ['SI3', ['SI3']],
    ['I1', ['I1', 'P1', 'PK1', 'I 1']],
    ['I2', ['I2', 'P2', 'PK2']],
    ['I3', ['I3', 'P3', 'PK3']],
  ]);

  it('labels grades as written and reports unknown ones', () => {
    expect(normaliseFeedClarity('vvs1')).toEqual({ ok: true, code: 'VVS1', label: 'VVS1' });
    expect(normaliseFeedClarity('VS3')).toEqual({ ok: false, raw: 'VS3' });
    expect(normaliseFeedClarity('I4')).toEqual({ ok: false, raw: 'I4' });
  });
});

describe('normaliseFeedColor', () => {
  it('reads every letter from D to Z', () => {
    for (const letter of 'DEFGHIJKLMNOPQRSTUVWXYZ') {
      expect(normaliseFeedColor(letter)).toEqual({ ok: true, code: letter, label: letter });
      expect(normaliseFeedColor(` ${letter.toLowerCase()} `)).toMatchObject({ ok: true, code: letter });
    }
  });

  it('resolves a range to its lower colour (the later letter)', () => {
    expect(normaliseFeedColor('S-T')).toEqual({ ok: true, code: 'T', label: 'T' });
    expect(normaliseFeedColor('O/P')).toMatchObject({ code: 'P' });
    expect(normaliseFeedColor('w to x')).toMatchObject({ code: 'X' });
    expect(normaliseFeedColor('Y-Z')).toMatchObject({ code: 'Z' });
    expect(normaliseFeedColor('T-S')).toMatchObject({ code: 'T' });
  });

  it('reports letters off the scale, fancy colours and longer texts', () => {
    for (const raw of ['A', 'C', 'Fancy Yellow', 'DE', 'D-E-F', 'Z+', '']) {
      expect(normaliseFeedColor(raw)).toEqual({ ok: false, raw });
    }
  });
});

describe('fancy colours', () => {
  checkTable(normaliseFeedFancyColor, [
    ['yellow', ['Yellow', 'Yellowish', 'Canary']],
    ['pink', ['Pink', 'Pinkish']],
    ['blue', ['Blue', 'Bluish']],
    ['green', ['Green', 'Greenish']],
    ['brown', ['Brown', 'Brownish']],
    ['orange', ['Orange', 'Orangy']],
    ['purple', ['Purple', 'Purplish']],
    ['violet', ['Violet']],
    ['red', ['Red', 'Reddish']],
    ['grey', ['Grey', 'Gray', 'Grayish']],
    ['black', ['Black']],
    ['white', ['White']],
    ['chameleon', ['Chameleon']],
  ]);

  checkTable(normaliseFeedFancyIntensity, [
    ['faint', ['Faint']],
    ['very-light', ['Very Light', 'VL']],
    ['light', ['Light']],
    ['fancy-light', ['Fancy Light', 'FANCY_LIGHT']],
    ['fancy', ['Fancy', 'FCY']],
    ['fancy-intense', ['Fancy Intense', 'FI', 'Intense']],
    ['fancy-vivid', ['Fancy Vivid', 'FV']],
    ['fancy-deep', ['Fancy Deep']],
    ['fancy-dark', ['Fancy Dark']],
  ]);

  it('reads a D-Z stone as white', () => {
    expect(normaliseFeedStoneColor({ color: 'G' })).toEqual({
      kind: 'white',
      color: { ok: true, code: 'G', label: 'G' },
    });
    expect(normaliseFeedStoneColor({ color: 'Q+' })).toEqual({ kind: 'white', color: { ok: false, raw: 'Q+' } });
  });

  it('reads fancy cells, and drops the D-Z colour of a fancy stone', () => {
    expect(
      normaliseFeedStoneColor({
        color: 'K',
        fancyColor: 'Pink',
        fancyIntensity: 'Fancy Vivid',
        fancyOvertone: 'Purplish',
      }),
    ).toEqual({
      kind: 'fancy',
      color: { ok: true, code: 'pink', label: 'Rose' },
      intensity: { ok: true, code: 'fancy-vivid', label: 'Fancy vif' },
      overtones: [{ ok: true, code: 'purple', label: 'Pourpre' }],
    });
  });

  it('reads a fancy colour written as text in the colour cell', () => {
    const stone = normaliseFeedStoneColor({ color: 'Fancy Intense Pinkish Purple' });
    expect(stone).toMatchObject({
      kind: 'fancy',
      color: { code: 'purple' },
      intensity: { code: 'fancy-intense' },
      overtones: [{ code: 'pink' }],
    });
    expect(normaliseFeedStoneColor({ color: 'Fancy', fancyColor: 'Yellow', fancyIntensity: 'FI' })).toMatchObject({
      kind: 'fancy',
      color: { code: 'yellow' },
      intensity: { code: 'fancy-intense' },
      overtones: [],
    });
    expect(normaliseFeedStoneColor({ fancyColor: 'Orangy Brown', fancyOvertone: 'None' })).toMatchObject({
      kind: 'fancy',
      color: { code: 'brown' },
      intensity: null,
      overtones: [{ code: 'orange' }],
    });
  });

  it('reports an unknown fancy colour or intensity', () => {
    expect(normaliseFeedStoneColor({ fancyColor: 'Mauve', fancyIntensity: 'Fancy Loud' })).toEqual({
      kind: 'fancy',
      color: { ok: false, raw: 'Mauve' },
      intensity: { ok: false, raw: 'Fancy Loud' },
      overtones: [],
    });
    expect(normaliseFeedStoneColor({ color: 'FANCY' })).toMatchObject({ kind: 'fancy', color: { ok: false } });
  });
});

describe('fluorescence', () => {
  checkTable(normaliseFeedFluorescence, [
    ['none', ['NON', 'N', 'NONE', 'Nil']],
    ['faint', ['FNT', 'F', 'FAINT']],
    ['medium', ['MED', 'M', 'MEDIUM']],
    ['strong', ['STG', 'S', 'STRONG']],
    ['very-strong', ['VST', 'VS', 'VERY STRONG', 'Very_Strong']],
    ['slight', ['SLT', 'SLIGHT']],
    ['very-slight', ['VSL', 'Very Slight']],
  ]);

  checkTable(normaliseFeedFluorescenceColor, [
    ['blue', ['Blue', 'BL', 'B']],
    ['yellow', ['Yellow', 'Y']],
    ['white', ['White', 'W']],
    ['green', ['Green']],
    ['orange', ['Orange']],
  ]);

  it('splits an intensity followed by a colour', () => {
    expect(splitFeedFluorescence('Medium Blue')).toEqual({
      intensity: { ok: true, code: 'medium', label: 'Moyenne' },
      color: { ok: true, code: 'blue', label: 'Bleue' },
    });
    expect(splitFeedFluorescence('VERY STRONG BL')).toMatchObject({
      intensity: { code: 'very-strong' },
      color: { code: 'blue' },
    });
    expect(splitFeedFluorescence('Faint')).toEqual({
      intensity: { ok: true, code: 'faint', label: 'Faible' },
      color: null,
    });
    expect(splitFeedFluorescence('Glowing Blue')).toEqual({
      intensity: { ok: false, raw: 'Glowing Blue' },
      color: null,
    });
  });

  it('reports unknown intensities', () => {
    expect(normaliseFeedFluorescence('Extreme')).toEqual({ ok: false, raw: 'Extreme' });
  });
});

describe('growth and treatments', () => {
  checkTable(normaliseFeedGrowth, [
    ['natural', ['Natural', 'NAT', 'Mined']],
    ['lab-grown', ['LAB', 'LGD', 'Lab Grown', 'lab-grown', 'Lab Created', 'LAB_GROWN']],
    ['lab-grown-cvd', ['CVD', 'Lab Grown CVD', 'CVD Lab-Grown', 'LGD (CVD)']],
    ['lab-grown-hpht', ['HPHT', 'Lab Grown HPHT', 'HPHT LGD']],
  ]);

  it('labels lab-grown stones "synthétique" with their method', () => {
    expect(normaliseFeedGrowth('Lab Grown')).toEqual({ ok: true, code: 'lab-grown', label: 'Synthétique' });
    expect(normaliseFeedGrowth('lab-grown diamond (cvd)')).toEqual({
      ok: true,
      code: 'lab-grown-cvd',
      label: 'Synthétique CVD',
    });
    expect(normaliseFeedGrowth('Moissanite')).toEqual({ ok: false, raw: 'Moissanite' });
  });

  checkTable(normaliseFeedTreatment, [
    ['none', ['None', 'Untreated']],
    ['irradiated', ['Irradiated', 'IRR']],
    ['hpht-treated', ['HPHT', 'HPHT Treated']],
    ['laser-drilled', ['Laser Drilled', 'LD']],
    ['fracture-filled', ['Fracture Filled', 'FF', 'Clarity Enhanced']],
    ['coated', ['Coated']],
    ['color-treated', ['Color Enhanced']],
  ]);

  it('reads several treatments in one cell and reports unknown ones', () => {
    expect(normaliseFeedTreatments('Irradiated, Laser Drilled').map((t) => t.ok && t.code)).toEqual([
      'irradiated',
      'laser-drilled',
    ]);
    expect(normaliseFeedTreatments('LD+FF').map((t) => t.ok && t.code)).toEqual(['laser-drilled', 'fracture-filled']);
    expect(normaliseFeedTreatments('HPHT Treated')).toEqual([{ ok: true, code: 'hpht-treated', label: 'Traité HPHT' }]);
    expect(normaliseFeedTreatments('  ')).toEqual([]);
    expect(normaliseFeedTreatments('Irradiated; Painted')).toEqual([
      { ok: true, code: 'irradiated', label: 'Irradié' },
      { ok: false, raw: 'Painted' },
    ]);
    expect(normaliseFeedTreatment('Heated')).toEqual({ ok: false, raw: 'Heated' });
  });
});

describe('labs and availability', () => {
  checkTable(normaliseFeedLab, [
    ['GIA', ['GIA', 'Gia']],
    ['IGI', ['IGI']],
    ['HRD', ['HRD', 'HRD Antwerp']],
    ['AGS', ['AGS', 'AGSL']],
    ['GCAL', ['GCAL']],
    ['EGL', ['EGL', 'EGL USA', 'EGL International']],
    ['GSI', ['GSI']],
    ['none', ['None', 'Non Cert', 'N/A']],
  ]);

  it('reports unknown labs', () => {
    expect(normaliseFeedLab('XYZ Lab')).toEqual({ ok: false, raw: 'XYZ Lab' });
  });

  checkTable(normaliseFeedAvailability, [
    ['available', ['G', 'GA', 'STPS', 'Yes', 'Y', 'Available', 'Guaranteed Available']],
    ['on-hold', ['On Hold', 'Hold', 'H', 'Reserved']],
    ['memo', ['M', 'Memo', 'On Memo']],
    ['sold', ['Sold']],
    ['not-available', ['NA', 'N/A', 'Not Available', 'No']],
  ]);

  it('labels availability in French and reports unknown statuses', () => {
    expect(normaliseFeedAvailability('On Hold')).toEqual({ ok: true, code: 'on-hold', label: 'Réservé' });
    expect(normaliseFeedAvailability('Memo')).toEqual({ ok: true, code: 'memo', label: 'En confié' });
    expect(normaliseFeedAvailability('In Transit')).toEqual({ ok: false, raw: 'In Transit' });
  });
});
