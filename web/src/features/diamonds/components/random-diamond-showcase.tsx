import { formatNumber } from '@shared/format';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-merge';
import { shapeName } from '@shared/diamond-names';
import { useRandomDiamond } from '../api/get-random-diamond';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/** Sign-in page showcase (large screens): one random diamond; nothing at all when it fails. */
export function RandomDiamondShowcase({ className }: { className?: string }) {
  const { data, isPending, isError } = useRandomDiamond();
  if (isError) return null;
  return (
    <Card className={cn('w-full max-w-sm overflow-hidden', className)} data-testid="random-diamond-showcase">
      {isPending ? (
        <div aria-busy="true">
          <span className="sr-only">Chargement du diamant…</span>
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="space-y-2 p-6">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-4 w-full" />
            ))}
          </div>
        </div>
      ) : (
        <>
          <div className="aspect-square bg-muted">
            {data.media?.images?.[0] ? (
              <img
                src={data.media.images[0]}
                alt={`Diamant ${shapeName(data.shape).toLowerCase()} de ${formatNumber(data.weightCt, 2)} ct`}
                width={384}
                height={384}
                decoding="async"
                className="size-full object-contain p-4"
              />
            ) : null}
          </div>
          <CardContent className="pt-4">
            <dl className="divide-y text-sm">
              <Row label="Forme" value={shapeName(data.shape)} />
              <Row label="Poids" value={`${formatNumber(data.weightCt, 2)} ct`} />
              <Row label="Couleur" value={data.color} />
              <Row label="Qualité" value={data.clarity} />
              <Row label="Lab" value={data.lab ?? '—'} />
            </dl>
          </CardContent>
        </>
      )}
    </Card>
  );
}
