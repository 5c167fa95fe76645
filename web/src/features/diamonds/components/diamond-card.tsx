import { Link } from 'react-router';
import { formatNumber } from '@shared/format';
import type { DiamondListing } from '@shared/schemas/diamonds';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-merge';
import { shapeName } from '@shared/diamond-names';
import {
  diamondPriceLines,
  finishAbbreviations,
  finishNames,
  fluorescenceName,
  locationBadgeClass,
  shapeAbbreviation,
} from '../lib/diamond-display';

/** One catalogue diamond: links to /diamond/{id}. `note` is a line under the grades (the catalogue's origin). */
export function DiamondCard({
  diamond,
  note,
  linkState,
}: {
  diamond: DiamondListing;
  note?: string;
  /** Handed to the stone's page (the catalogue's search, for its way back). */
  linkState?: unknown;
}) {
  const carats = formatNumber(diamond.carats, 2);
  const prices = diamondPriceLines(diamond);
  const shape = shapeAbbreviation(diamond.shape);
  const shapeLabel = shapeName(diamond.shape);
  const finish = finishNames(diamond);
  return (
    <Link
      to={`/diamond/${encodeURIComponent(diamond.id)}`}
      state={linkState}
      data-testid="diamond-card"
      className="group flex flex-col overflow-hidden rounded-lg border bg-card transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <div className="relative aspect-square bg-muted">
        <img
          src={diamond.imageUrl}
          alt={`Diamant ${shapeLabel.toLowerCase()} ${carats} ct, ${diamond.color} ${diamond.clarity}`}
          loading="lazy"
          decoding="async"
          width={240}
          height={240}
          className="size-full object-contain p-2"
        />
        <Badge className="absolute top-1.5 left-1.5 tabular-nums">{carats} ct</Badge>
        {diamond.location ? (
          <span
            className={cn(
              'absolute top-1.5 right-1.5 rounded px-1.5 py-0.5 text-[10px] font-semibold',
              locationBadgeClass(diamond.location),
            )}
            title={`Localisation : ${diamond.location}`}
          >
            {diamond.location}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 text-xs">
        <p className="flex items-baseline justify-between gap-1 font-semibold">
          <span>
            {/* The abbreviation on the card, the French name for assistive technologies and on hover. */}
            <abbr title={shapeLabel} className="no-underline" aria-hidden="true">
              {shape}
            </abbr>
            <span className="sr-only">{shapeLabel}</span> {carats} ct
          </span>
          <span>
            {diamond.color} · {diamond.clarity}
          </span>
        </p>
        <p className="flex justify-between gap-1 text-muted-foreground">
          <span>{diamond.lab ?? '—'}</span>
          <span title={finish}>
            <span aria-hidden="true">{finishAbbreviations(diamond)}</span>
            <span className="sr-only">{finish}</span>
          </span>
        </p>
        <p className="text-muted-foreground">Fluo : {fluorescenceName(diamond.fluorescence)}</p>
        {note ? <p className="font-medium text-amber-700 dark:text-amber-300">{note}</p> : null}
        <div className="mt-auto pt-1">
          {prices.main ? (
            <>
              <p className="text-sm font-semibold tabular-nums">{prices.main.total}</p>
              {prices.main.perCarat ? (
                <p className="text-muted-foreground tabular-nums">{prices.main.perCarat}/ct</p>
              ) : null}
              {prices.usd ? (
                <p
                  className="text-muted-foreground tabular-nums"
                  title={prices.usd.perCarat ? `${prices.usd.perCarat}/ct` : undefined}
                >
                  {prices.usd.total}
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-muted-foreground">Prix sur demande</p>
          )}
        </div>
      </div>
    </Link>
  );
}

export function DiamondCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-lg border" data-testid="diamond-card-skeleton">
      <Skeleton className="aspect-square rounded-none" />
      <div className="space-y-1.5 p-2">
        <Skeleton className="h-3.5 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
