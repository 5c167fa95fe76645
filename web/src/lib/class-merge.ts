import { clsx, type ClassValue } from 'clsx';

/**
 * A small Tailwind class merger: a later class overrides an earlier one of the same utility group under the same
 * variants (`px-2 px-4` -> `px-4`, `p-4 px-2` keeps both, `px-2 p-4` -> `p-4`, `text-sm text-lg` -> `text-lg`,
 * `text-sm text-primary` keeps both). It covers the utilities this app writes and replaces tailwind-merge
 * (~8 KB gzipped on every page); class-merge.test.ts compares it with tailwind-merge on the app's own classes.
 * Unknown classes never conflict, so the worst case is a duplicate class, never a lost one.
 */

const SIDES = 'x|y|t|r|b|l|s|e';
const SIZE_WORDS = /^(xs|sm|base|md|lg|xl|\d+xl)(\/.*)?$/;
const ALIGN = /^(left|center|right|justify|start|end)$/;
const WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d+\])$/;
const BORDER_STYLES = /^(solid|dashed|dotted|double|hidden|none)$/;
const WIDTH_VALUE = /^(\d+|\[\d*\.?\d+(px|rem|em)\]|\(length:.*\))$/;

const DISPLAY = new Set([
  'block',
  'inline-block',
  'inline',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'table',
  'table-row',
  'table-cell',
  'hidden',
  'contents',
  'flow-root',
  'list-item',
]);
const KEYWORD_GROUPS: Record<string, string> = {
  static: 'position',
  fixed: 'position',
  absolute: 'position',
  relative: 'position',
  sticky: 'position',
  visible: 'visibility',
  invisible: 'visibility',
  collapse: 'visibility',
  uppercase: 'text-transform',
  lowercase: 'text-transform',
  capitalize: 'text-transform',
  'normal-case': 'text-transform',
  italic: 'font-style',
  'not-italic': 'font-style',
  underline: 'text-decoration',
  overline: 'text-decoration',
  'line-through': 'text-decoration',
  'no-underline': 'text-decoration',
  'sr-only': 'sr',
  'not-sr-only': 'sr',
  grow: 'grow',
  shrink: 'shrink',
  border: 'border-w',
  rounded: 'rounded',
  shadow: 'shadow',
  ring: 'ring-w',
  outline: 'outline-w',
  transition: 'transition',
  truncate: 'truncate',
};

/** Utility prefixes whose value never changes the group, longest first at match time. */
const PREFIX_GROUPS = [
  'p',
  'px',
  'py',
  'pt',
  'pr',
  'pb',
  'pl',
  'ps',
  'pe',
  'm',
  'mx',
  'my',
  'mt',
  'mr',
  'mb',
  'ml',
  'ms',
  'me',
  'gap',
  'gap-x',
  'gap-y',
  'space-x',
  'space-y',
  'inset',
  'inset-x',
  'inset-y',
  'top',
  'right',
  'bottom',
  'left',
  'start',
  'end',
  'w',
  'h',
  'size',
  'min-w',
  'min-h',
  'max-w',
  'max-h',
  'z',
  'opacity',
  'leading',
  'tracking',
  'items',
  'justify',
  'justify-items',
  'justify-self',
  'self',
  'content',
  'place-items',
  'place-content',
  'place-self',
  'basis',
  'grow',
  'shrink',
  'order',
  'grid-cols',
  'grid-rows',
  'col-span',
  'col-start',
  'col-end',
  'row-span',
  'overflow',
  'overflow-x',
  'overflow-y',
  'whitespace',
  'break',
  'cursor',
  'pointer-events',
  'select',
  'duration',
  'transition',
  'ease',
  'delay',
  'animate',
  'translate-x',
  'translate-y',
  'scale',
  'rotate',
  'aspect',
  'object',
  'line-clamp',
  'outline-offset',
  'underline-offset',
  'decoration',
  'backdrop-blur',
  'blur',
  'fill',
  'stroke',
  'align',
  'list',
  'scroll-m',
  'scroll-p',
  'snap',
  'touch',
  'resize',
  'appearance',
  'columns',
  'indent',
  'caret',
  'accent',
  'divide-x',
  'divide-y',
  'from',
  'via',
  'to',
].sort((a, b) => b.length - a.length);

/** Groups a class overrides besides its own (tailwind-merge's "conflicting class groups"). */
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  size: ['w', 'h'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-s', 'rounded-e'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': ['border-color-x', 'border-color-y', 'border-color-t', 'border-color-r', 'border-color-b'],
  truncate: ['overflow', 'whitespace', 'text-overflow'],
  'font-size': ['leading'],
};

function prefixGroup(utility: string): string | null {
  for (const prefix of PREFIX_GROUPS) {
    if (utility === prefix || utility.startsWith(`${prefix}-`)) return prefix;
  }
  return null;
}

/** The utility group of a class without its variants, or null when it is not known (then it never conflicts). */
export function utilityGroup(utility: string): string | null {
  const u = utility.replace(/^-/, '');
  if (DISPLAY.has(u)) return 'display';
  const keyword = KEYWORD_GROUPS[u];
  if (keyword) return keyword;
  const [head, ...rest] = u.split('-');
  const value = rest.join('-');
  switch (head) {
    case 'text':
      if (SIZE_WORDS.test(value) || /^\[\d*\.?\d+(px|rem|em)\]$/.test(value)) return 'font-size';
      if (ALIGN.test(value)) return 'text-align';
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap';
      if (/^(ellipsis|clip)$/.test(value)) return 'text-overflow';
      return 'text-color';
    case 'font':
      if (WEIGHTS.test(value)) return 'font-weight';
      if (/^(sans|serif|mono)$/.test(value)) return 'font-family';
      return null;
    case 'bg':
      if (/^(fixed|local|scroll)$/.test(value)) return 'bg-attachment';
      if (/^(cover|contain|auto)$/.test(value)) return 'bg-size';
      if (/^(repeat|no-repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/.test(value)) return 'bg-repeat';
      if (/^(linear|radial|conic|gradient|none)/.test(value)) return 'bg-image';
      if (/^(clip|origin|blend)-/.test(value)) return `bg-${value.split('-')[0]}`;
      if (/^(top|bottom|left|right|center)/.test(value)) return 'bg-position';
      return 'bg-color';
    case 'border': {
      const side = new RegExp(`^(${SIDES})(-|$)`).exec(value)?.[1];
      const v = side ? value.slice(side.length + 1) : value;
      if (BORDER_STYLES.test(v)) return 'border-style';
      if (/^(collapse|separate)$/.test(v)) return 'border-collapse';
      if (v === '' || WIDTH_VALUE.test(v)) return side ? `border-w-${side}` : 'border-w';
      return side ? `border-color-${side}` : 'border-color';
    }
    case 'rounded': {
      const side = /^(tl|tr|br|bl|ss|se|es|ee|t|r|b|l|s|e)(-|$)/.exec(value)?.[1];
      return side ? `rounded-${side}` : 'rounded';
    }
    case 'shadow':
      return /^(xs|sm|md|lg|xl|2xl|2xs|3xs|inner|none)$/.test(value) ? 'shadow' : 'shadow-color';
    case 'ring':
      if (value.startsWith('offset-')) return WIDTH_VALUE.test(value.slice(7)) ? 'ring-offset-w' : 'ring-offset-color';
      if (value === 'inset') return 'ring-inset';
      return WIDTH_VALUE.test(value) ? 'ring-w' : 'ring-color';
    case 'outline':
      if (value.startsWith('offset')) return 'outline-offset';
      if (BORDER_STYLES.test(value)) return 'outline-style';
      return WIDTH_VALUE.test(value) ? 'outline-w' : 'outline-color';
    case 'flex':
      if (/^(row|row-reverse|col|col-reverse)$/.test(value)) return 'flex-direction';
      if (/^(wrap|wrap-reverse|nowrap)$/.test(value)) return 'flex-wrap';
      return 'flex';
    case 'grid':
      if (value.startsWith('flow')) return 'grid-flow';
      break;
    case 'tabular':
    case 'lining':
    case 'oldstyle':
    case 'proportional':
      return 'numeric';
  }
  return prefixGroup(u);
}

const VARIANT_SPLIT = /:(?![^[]*\])/;

/** Merged lists by input: components pass the same few hundred lists on every render (bounded, emptied when full). */
const merged = new Map<string, string>();
const MERGED_MAX = 1000;

/** Merges a space-separated class list; later classes win within a group and variant set. */
export function mergeClasses(classList: string): string {
  let result = merged.get(classList);
  if (result === undefined) {
    if (merged.size >= MERGED_MAX) merged.clear();
    result = mergeUncached(classList);
    merged.set(classList, result);
  }
  return result;
}

function mergeUncached(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i];
    if (!cls) continue;
    const parts = cls.split(VARIANT_SPLIT);
    let utility = parts.pop() ?? '';
    const important = utility.startsWith('!') || utility.endsWith('!');
    utility = utility.replace(/^!|!$/g, '');
    const group = utilityGroup(utility);
    if (!group) {
      if (!kept.includes(cls)) kept.push(cls);
      continue;
    }
    const scope = `${parts.sort().join(':')}${important ? '!' : ''}|`;
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const other of OVERRIDES[group] ?? []) taken.add(scope + other);
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}

/** Joins class names (clsx) and lets later Tailwind classes override earlier ones: how every component builds a className. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
