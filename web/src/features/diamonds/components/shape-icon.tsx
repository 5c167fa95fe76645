import { diamondNameKey } from '@shared/diamond-names';

/** Outlines of the common shapes, drawn in a 24 × 24 box (stroke in the text colour). */
const OUTLINES: Readonly<Record<string, string>> = {
  ROUND: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6L5.6 18.4',
  OVAL: 'M12 2.5c4 0 6.5 4.3 6.5 9.5s-2.5 9.5-6.5 9.5s-6.5-4.3-6.5-9.5s2.5-9.5 6.5-9.5M12 2.5v19M5.5 12h13',
  PEAR: 'M12 2.5c2.5 4 6.5 8 6.5 12a6.5 6.5 0 0 1-13 0c0-4 4-8 6.5-12M12 2.5v19M5.5 14.5h13',
  EMERALD: 'M8 2.5h8l3 3v13l-3 3H8l-3-3v-13zM8 6h8v12H8z',
  PRINCESS: 'M4 4h16v16H4zM4 4l16 16M20 4L4 20',
  ASSCHER: 'M7.5 3.5h9l4 4v9l-4 4h-9l-4-4v-9zM9 7h6l2 2v6l-2 2H9l-2-2V9z',
  CUSHION:
    'M8 3.5h8a4.5 4.5 0 0 1 4.5 4.5v8a4.5 4.5 0 0 1-4.5 4.5H8A4.5 4.5 0 0 1 3.5 16V8A4.5 4.5 0 0 1 8 3.5M3.5 12h17M12 3.5v17',
  HEART: 'M12 20.5L4.2 12.4A4.6 4.6 0 0 1 12 6.2a4.6 4.6 0 0 1 7.8 6.2zM12 6.2v14.3',
  RADIANT: 'M7.5 2.5h9l2.5 2.5v14l-2.5 2.5h-9L5 19V5zM5 5l14 14M19 5L5 19',
  MARQUISE: 'M12 2c4.5 4 6 7 6 10s-1.5 6-6 10c-4.5-4-6-7-6-10s1.5-6 6-10M12 2v20M6 12h12',
};
const SQUARE_SHAPES: Readonly<Record<string, string>> = {
  'SQUARE EMERALD': 'ASSCHER',
  'SQUARE RADIANT': 'PRINCESS',
  'OLD MINER': 'CUSHION',
  'OLD EUROPEAN': 'ROUND',
};
const FALLBACK = 'M12 3l8 6l-3 11H7L4 9z';

/** The outline of a stored shape name ("ROUND", "SQUARE EMERALD"); a generic stone for the others. */
export function ShapeIcon({ shape, className }: { shape: string; className?: string }) {
  const key = diamondNameKey(shape);
  const d = OUTLINES[key] ?? OUTLINES[SQUARE_SHAPES[key] ?? ''] ?? FALLBACK;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.3}
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
