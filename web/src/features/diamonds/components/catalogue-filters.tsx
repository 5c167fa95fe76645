import type { ReactNode } from 'react';
import { FEED_CLARITY_CODES, FEED_CODE_OPTIONS, FEED_COLOR_CODES, feedCodeLabel } from '@shared/diamond-feed-codes';
import { shapeName } from '@shared/diamond-names';
import type { DiamondFacets } from '@shared/schemas/diamonds';
import { FILTER_CONTROL_CLASS, FilterField } from '@/components/data-table/filter-select';
import { withFilter, type ListState } from '@/components/data-table/list-state';
import { ListAmountFilter } from '@/components/data-table/range-filters';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-merge';
import {
  activeFilterCount,
  clearFilters,
  listValues,
  toggleListValue,
  withColorKind,
  type CatalogueFilter,
} from '../lib/catalogue-query';
import { ShapeIcon } from './shape-icon';

interface FilterProps {
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** The availabilities a shop searches (sold and unavailable stones are not offered). */
const AVAILABILITY_CHOICES = FEED_CODE_OPTIONS.availability.filter((o) =>
  ['available', 'on-hold', 'memo'].includes(o.code),
);
const DEFAULT_LABS = ['GIA', 'IGI', 'HRD'];
/** The shapes always offered, the most asked for first; the catalogue's other shapes follow. */
const SHAPE_ORDER: readonly string[] = [
  'ROUND',
  'OVAL',
  'PEAR',
  'EMERALD',
  'CUSHION',
  'PRINCESS',
  'RADIANT',
  'MARQUISE',
  'HEART',
  'ASSCHER',
];

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2 border-b pb-3 last:border-b-0">
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A toggle button of a list filter (aria-pressed). */
function Chip({
  pressed,
  onClick,
  children,
  title,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  title?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={title}
      onClick={onClick}
      className={cn(
        'inline-flex min-h-8 items-center gap-1 rounded-md border px-2 py-1 text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        pressed ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
      )}
    >
      {children}
    </button>
  );
}

function ListChips({
  state,
  onStateChange,
  filter,
  options,
}: FilterProps & { filter: CatalogueFilter; options: ReadonlyArray<{ value: string; label: string }> }) {
  const values = listValues(state, filter);
  return (
    <div className="flex flex-wrap gap-1.5">
      {options.map((o) => (
        <Chip
          key={o.value}
          pressed={values.includes(o.value)}
          onClick={() => onStateChange(toggleListValue(state, filter, o.value))}
        >
          {o.label}
        </Chip>
      ))}
    </div>
  );
}

/** One value or none (Toutes / a / b): a segmented control. */
function Segmented({
  state,
  onStateChange,
  filter,
  label,
  options,
  choose = (s, v) => withFilter(s, filter, v),
}: FilterProps & {
  filter: CatalogueFilter;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The state once a value is chosen (by default: that filter set, back to page 1). */
  choose?: (state: ListState, value: string) => ListState;
}) {
  const value = state.filters[filter] ?? '';
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {[{ value: '', label: 'Toutes' }, ...options].map((o) => (
        <Chip key={o.value} pressed={value === o.value} onClick={() => onStateChange(choose(state, o.value))}>
          {o.label}
        </Chip>
      ))}
    </div>
  );
}

function RangeSelect({
  state,
  onStateChange,
  filter,
  label,
  options,
  anyLabel,
}: FilterProps & { filter: CatalogueFilter; label: string; options: readonly string[]; anyLabel: string }) {
  return (
    <FilterField label={label} className="min-w-0 flex-1">
      {(id) => (
        <select
          id={id}
          className={cn(FILTER_CONTROL_CLASS, 'w-full')}
          value={state.filters[filter] ?? ''}
          onChange={(e) => onStateChange(withFilter(state, filter, e.target.value))}
        >
          <option value="">{anyLabel}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

function GradeSelect({
  state,
  onStateChange,
  filter,
  label,
}: FilterProps & { filter: CatalogueFilter; label: string }) {
  return (
    <FilterField label={label} className="min-w-0 flex-1">
      {(id) => (
        <select
          id={id}
          className={cn(FILTER_CONTROL_CLASS, 'w-full')}
          value={state.filters[filter] ?? ''}
          onChange={(e) => onStateChange(withFilter(state, filter, e.target.value))}
        >
          <option value="">Toutes</option>
          {FEED_CODE_OPTIONS.grade
            .filter((g) => g.code !== 'poor')
            .map((g) => (
              <option key={g.code} value={g.code}>
                {g.code === 'ideal' ? g.label : `${g.label} ou mieux`}
              </option>
            ))}
        </select>
      )}
    </FilterField>
  );
}

/**
 * The catalogue's filters, every one written to the address at once (Back undoes a change). Lab, location, shape and
 * fancy-colour choices come from the stones the shop's catalogue holds (GET /api/diamonds/facets).
 */
export function CatalogueFilters({
  state,
  onStateChange,
  facets,
}: FilterProps & { facets: DiamondFacets | undefined }) {
  const props = { state, onStateChange };
  const shapes = [...SHAPE_ORDER, ...(facets?.shapes ?? []).filter((s) => !SHAPE_ORDER.includes(s))];
  const selectedShapes = listValues(state, 'shape');
  const colorKind = state.filters.colorKind ?? '';
  const fancyOptions = FEED_CODE_OPTIONS.fancyColor.filter(
    (o) => !facets || facets.fancyColors.length === 0 || facets.fancyColors.includes(o.code),
  );
  const labs = facets && facets.labs.length > 0 ? facets.labs : DEFAULT_LABS;
  const availability = listValues(state, 'availability');
  const count = activeFilterCount(state);

  return (
    <div className="flex flex-col gap-3" data-testid="catalogue-filters">
      <Group title="Forme">
        <div className="grid grid-cols-3 gap-1.5 sm:grid-cols-5 lg:grid-cols-3">
          {shapes.map((shape) => {
            const pressed = selectedShapes.includes(shape);
            return (
              <button
                key={shape}
                type="button"
                aria-pressed={pressed}
                onClick={() => onStateChange(toggleListValue(state, 'shape', shape))}
                className={cn(
                  'flex flex-col items-center gap-0.5 rounded-md border p-1.5 text-[11px] leading-tight transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  pressed
                    ? 'border-primary bg-primary/10 font-semibold text-foreground'
                    : 'bg-background hover:bg-muted',
                )}
              >
                <ShapeIcon shape={shape} className="size-6" />
                <span className="text-center">{shapeName(shape)}</span>
              </button>
            );
          })}
        </div>
      </Group>

      <Group title="Poids (carats)">
        <div className="flex gap-2">
          <ListAmountFilter label="Minimum" filter="caratMin" {...props} />
          <ListAmountFilter label="Maximum" filter="caratMax" {...props} />
        </div>
      </Group>

      <Group title="Couleur">
        <Segmented
          {...props}
          filter="colorKind"
          choose={(s, kind) => withColorKind(s, kind === 'white' || kind === 'fancy' ? kind : '')}
          label="Type de couleur"
          options={[
            { value: 'white', label: 'Blancs (D–Z)' },
            { value: 'fancy', label: 'Fantaisie' },
          ]}
        />
        {colorKind !== 'fancy' ? (
          <div className="flex gap-2">
            <RangeSelect {...props} filter="colorMin" label="De" options={FEED_COLOR_CODES} anyLabel="D" />
            <RangeSelect {...props} filter="colorMax" label="À" options={FEED_COLOR_CODES} anyLabel="Z" />
          </div>
        ) : (
          <ListChips
            {...props}
            filter="fancyColor"
            options={fancyOptions.map((o) => ({ value: o.code, label: o.label }))}
          />
        )}
      </Group>

      <Group title="Pureté">
        <div className="flex gap-2">
          <RangeSelect {...props} filter="clarityMin" label="De" options={FEED_CLARITY_CODES} anyLabel="FL" />
          <RangeSelect {...props} filter="clarityMax" label="À" options={FEED_CLARITY_CODES} anyLabel="I3" />
        </div>
      </Group>

      <Group title="Taille, poli, symétrie">
        <div className="flex flex-col gap-2">
          <GradeSelect {...props} filter="cutMin" label="Taille" />
          <GradeSelect {...props} filter="polishMin" label="Poli" />
          <GradeSelect {...props} filter="symmetryMin" label="Symétrie" />
        </div>
      </Group>

      <Group title="Fluorescence">
        <ListChips
          {...props}
          filter="fluorescence"
          options={FEED_CODE_OPTIONS.fluorescence.map((o) => ({ value: o.code, label: o.label }))}
        />
      </Group>

      <Group title="Laboratoire">
        <ListChips
          {...props}
          filter="lab"
          options={labs.map((lab) => ({ value: lab, label: feedCodeLabel('lab', lab) }))}
        />
      </Group>

      <Group title="Origine">
        <Segmented
          {...props}
          filter="growth"
          label="Origine"
          options={[
            { value: 'natural', label: 'Naturels' },
            { value: 'lab-grown', label: 'Synthétiques' },
          ]}
        />
      </Group>

      {facets && facets.locations.length > 0 ? (
        <Group title="Localisation">
          <ListChips {...props} filter="location" options={facets.locations.map((l) => ({ value: l, label: l }))} />
        </Group>
      ) : null}

      <Group title="Prix total (€)">
        <div className="flex gap-2">
          <ListAmountFilter label="Minimum" filter="priceMin" {...props} />
          <ListAmountFilter label="Maximum" filter="priceMax" {...props} />
        </div>
      </Group>

      <Group title="Disponibilité">
        <div className="flex flex-wrap gap-1.5">
          {AVAILABILITY_CHOICES.map((o) => (
            <Chip
              key={o.code}
              // No choice is the API's default: the available stones.
              pressed={availability.length === 0 ? o.code === 'available' : availability.includes(o.code)}
              onClick={() => {
                const current = availability.length === 0 ? ['available'] : availability;
                const next = current.includes(o.code) ? current.filter((c) => c !== o.code) : [...current, o.code];
                const value = next.length === 1 && next[0] === 'available' ? '' : next.join(',');
                onStateChange(withFilter(state, 'availability', value));
              }}
            >
              {o.label}
            </Chip>
          ))}
        </div>
      </Group>

      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={count === 0}
        onClick={() => onStateChange(clearFilters(state))}
      >
        Effacer les filtres{count > 0 ? ` (${count})` : ''}
      </Button>
    </div>
  );
}
