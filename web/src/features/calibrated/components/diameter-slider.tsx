import type { CSSProperties } from 'react';
import { formatNumber } from '@shared/format';

/**
 * The diameter slider: a native `<input type="range">` (keyboard, touch and screen readers for free, no Radix
 * Slider on the dashboard's first load), styled like the shadcn slider: a filled track and a round thumb.
 * Tailwind needs the pseudo-element classes written out in full (it reads the source), hence the long list.
 */
const RANGE_CLASSES = [
  'block h-8 w-full cursor-pointer appearance-none bg-transparent focus-visible:outline-none',
  // Track, filled up to --fill (Chromium / Safari, then Firefox).
  '[&::-webkit-slider-runnable-track]:h-1.5 [&::-webkit-slider-runnable-track]:rounded-full',
  '[&::-webkit-slider-runnable-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--fill),var(--color-secondary)_var(--fill))]',
  '[&::-moz-range-track]:h-1.5 [&::-moz-range-track]:rounded-full [&::-moz-range-track]:bg-secondary',
  '[&::-moz-range-progress]:h-1.5 [&::-moz-range-progress]:rounded-full [&::-moz-range-progress]:bg-primary',
  // Thumb.
  '[&::-webkit-slider-thumb]:-mt-[5px] [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:appearance-none',
  '[&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border [&::-webkit-slider-thumb]:border-primary',
  '[&::-webkit-slider-thumb]:bg-background [&::-webkit-slider-thumb]:shadow',
  '[&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border',
  '[&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-background',
  // Focus ring on the thumb (keyboard).
  'focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-ring',
  'focus-visible:[&::-webkit-slider-thumb]:ring-offset-2 focus-visible:[&::-webkit-slider-thumb]:ring-offset-background',
  'focus-visible:[&::-moz-range-thumb]:ring-2 focus-visible:[&::-moz-range-thumb]:ring-ring',
].join(' ');

export function DiameterSlider({
  id,
  label,
  value,
  min,
  max,
  step,
  onValueChange,
  className,
  'data-testid': testId,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onValueChange: (value: number) => void;
  className?: string;
  'data-testid'?: string;
}) {
  const fill = `${(((value - min) / (max - min)) * 100).toFixed(2)}%`;
  return (
    <input
      type="range"
      id={id}
      aria-label={label}
      aria-valuetext={`${formatNumber(value, 2)} mm`}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onValueChange(Number(event.target.value))}
      data-testid={testId}
      style={{ '--fill': fill } as CSSProperties}
      className={className ? `${RANGE_CLASSES} ${className}` : RANGE_CLASSES}
    />
  );
}
