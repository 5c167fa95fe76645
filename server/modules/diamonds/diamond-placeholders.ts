/**
 * Neutral placeholder drawings per shape, used when DIAMOND_IMAGE_URL_TEMPLATE is empty (README.md):
 * the outline of the stone seen from above with simple facet lines, in soft greys, as static SVG.
 * Drawn once at start-up from parametric outlines; served by GET /api/diamonds/placeholder/{SHAPE}.svg.
 */

type Point = readonly [number, number];
type Outline = (t: number) => Point;

const SIZE = 200;
const C = SIZE / 2;
const TAU = Math.PI * 2;

const f = (n: number): string => n.toFixed(1);
const pt = ([x, y]: Point): string => `${f(C + x)},${f(C + y)}`;
const scale = ([x, y]: Point, k: number): Point => [x * k, y * k];

/** Superellipse: n = 2 ellipse, n -> infinity rectangle (princess, cushion). */
const superellipse =
  (a: number, b: number, n: number): Outline =>
  (t) => {
    const c = Math.cos(t);
    const s = Math.sin(t);
    return [a * Math.sign(c) * Math.abs(c) ** (2 / n), b * Math.sign(s) * Math.abs(s) ** (2 / n)];
  };

/** Ray from the centre to the boundary of a convex polygon given as vertices (used for cut-corner shapes). */
const polygonOutline =
  (vertices: readonly Point[]): Outline =>
  (t) => {
    const dx = Math.cos(t);
    const dy = Math.sin(t);
    let best = Infinity;
    for (let i = 0; i < vertices.length; i++) {
      const [x1, y1] = vertices[i]!;
      const [x2, y2] = vertices[(i + 1) % vertices.length]!;
      const ex = x2 - x1;
      const ey = y2 - y1;
      const den = dx * ey - dy * ex;
      if (Math.abs(den) < 1e-9) continue;
      const r = (x1 * ey - y1 * ex) / den;
      const u = (x1 * dy - y1 * dx) / den;
      if (r > 0 && u >= -1e-9 && u <= 1 + 1e-9) best = Math.min(best, r);
    }
    return [dx * best, dy * best];
  };

const cutCorners = (w: number, h: number, c: number): Point[] => [
  [-w + c, -h],
  [w - c, -h],
  [w, -h + c],
  [w, h - c],
  [w - c, h],
  [-w + c, h],
  [-w, h - c],
  [-w, -h + c],
];

/** Lens (intersection of two circles) of half-width w and half-height h: the marquise. */
const lens =
  (w: number, h: number): Outline =>
  (t) => {
    const R = (h * h + w * w) / (2 * w);
    const dx = Math.cos(t);
    const dy = Math.sin(t);
    let best = Infinity;
    for (const cx of [R - w, -(R - w)]) {
      const b = dx * cx;
      best = Math.min(best, b + Math.sqrt(b * b - cx * cx + R * R));
    }
    return [dx * best, dy * best];
  };

/** Teardrop: round at the bottom, pointed at the top. */
const pear: Outline = (t) => {
  const x = 56 * Math.sin(t) * Math.abs(Math.sin((t + Math.PI) / 2)) ** 0.9;
  const y = 78 * Math.cos(t);
  return [x, y - 6];
};

/** Classic heart curve, lobes up, point down. */
const heart: Outline = (t) => {
  const x = 16 * Math.sin(t) ** 3;
  const y = -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t));
  return [x * 4.6, (y + 2.5) * 4.6];
};

interface ShapeDrawing {
  label: string;
  outline: Outline;
  style: 'brilliant' | 'step';
  /** Corner vertices for step cuts. */
  vertices?: Point[];
}

const SHAPES: Readonly<Record<string, ShapeDrawing>> = {
  ROUND: { label: 'Rond brillant', outline: superellipse(72, 72, 2), style: 'brilliant' },
  OVAL: { label: 'Ovale', outline: superellipse(56, 78, 2), style: 'brilliant' },
  PRINCESS: { label: 'Princesse', outline: polygonOutline(cutCorners(66, 66, 2)), style: 'brilliant' },
  CUSHION: { label: 'Coussin', outline: superellipse(66, 70, 3.6), style: 'brilliant' },
  RADIANT: { label: 'Radiant', outline: polygonOutline(cutCorners(58, 76, 14)), style: 'brilliant' },
  PEAR: { label: 'Poire', outline: pear, style: 'brilliant' },
  MARQUISE: { label: 'Marquise', outline: lens(44, 84), style: 'brilliant' },
  HEART: { label: 'Cœur', outline: heart, style: 'brilliant' },
  EMERALD: {
    label: 'Émeraude',
    outline: polygonOutline(cutCorners(56, 78, 16)),
    style: 'step',
    vertices: cutCorners(56, 78, 16),
  },
  ASSCHER: {
    label: 'Asscher',
    outline: polygonOutline(cutCorners(68, 68, 20)),
    style: 'step',
    vertices: cutCorners(68, 68, 20),
  },
};

const polygon = (points: readonly Point[]): string => `M${points.map(pt).join(' L')} Z`;

function brilliantFacets(outline: Outline): string {
  const k = 8;
  const at = (i: number, s: number): Point => scale(outline(((i % k) / k) * TAU - Math.PI / 2), s);
  const table = Array.from({ length: k }, (_, i) => at(i + 0.5, 0.46));
  const star = Array.from({ length: k }, (_, i) => at(i, 0.7));
  const lines: string[] = [polygon(table)];
  for (let i = 0; i < k; i++) {
    const prev = table[(i + k - 1) % k]!;
    lines.push(`M${pt(prev)} L${pt(star[i]!)} L${pt(table[i]!)}`);
    lines.push(`M${pt(star[i]!)} L${pt(at(i, 1))}`);
    lines.push(`M${pt(table[i]!)} L${pt(at(i + 0.5, 1))}`);
  }
  return lines.join(' ');
}

function stepFacets(vertices: readonly Point[]): string {
  const rings = [0.8, 0.6, 0.4].map((s) => vertices.map((v) => scale(v, s)));
  const lines = rings.map(polygon);
  for (let i = 0; i < vertices.length; i++) lines.push(`M${pt(vertices[i]!)} L${pt(rings[2]![i]!)}`);
  return lines.join(' ');
}

function drawPlaceholder(shape: ShapeDrawing): string {
  const outlinePoints = Array.from({ length: 96 }, (_, i) => shape.outline((i / 96) * TAU - Math.PI / 2));
  const outline = shape.vertices ? polygon(shape.vertices) : polygon(outlinePoints);
  const facets = shape.style === 'step' && shape.vertices ? stepFacets(shape.vertices) : brilliantFacets(shape.outline);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="Diamant ${shape.label}">`,
    '<defs>',
    '<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>',
    '<linearGradient id="stone" x1="0.2" y1="0" x2="0.8" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#eef2f7"/><stop offset="1" stop-color="#cbd5e1"/></linearGradient>',
    '</defs>',
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<path d="${outline}" fill="url(#stone)" stroke="#64748b" stroke-width="2" stroke-linejoin="round"/>`,
    `<path d="${facets}" fill="none" stroke="#94a3b8" stroke-width="1.1" stroke-linejoin="round" stroke-linecap="round"/>`,
    '</svg>',
  ].join('');
}

const CACHE = new Map<string, string>(
  Object.entries(SHAPES).map(([name, drawing]) => [name, drawPlaceholder(drawing)]),
);

/** The placeholder SVG of a canonical shape (ROUND, OVAL, …), or null for an unknown shape. */
export function placeholderSvg(shape: string): string | null {
  return CACHE.get(shape.toUpperCase()) ?? null;
}

export const PLACEHOLDER_SHAPES = [...CACHE.keys()];
