import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ArrowLeft, Box, FileText, FilePlus2, Plus, Check, Video } from 'lucide-react';
import { feedCodeLabel } from '@shared/diamond-feed-codes';
import { shapeName } from '@shared/diamond-names';
import { formatDateFr, formatNumber } from '@shared/format';
import type { DiamondDetail } from '@shared/schemas/diamonds';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanOpen } from '@/features/access/use-can-open';
import { usePageTitleDetail } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useDiamond } from './api/catalogue-api';
import { AddToQuoteDialog } from './components/add-to-quote-dialog';
import { diamondPriceLines, gradeName } from './lib/diamond-display';
import { colorText, growthText, isLabGrown, measurementsText, stoneLabel } from './lib/diamond-facts';
import { SHORTLIST_MAX, useShortlist } from './lib/shortlist';

const dash = '—';
const num = (v: string | null, decimals: number, unit = '') =>
  v === null ? dash : `${formatNumber(v, decimals)}${unit}`;
const text = (v: string | null) => (v === null || v.trim() === '' ? dash : v);

/** Links from a feed are shown only when they are web addresses (never `javascript:`). */
const safeUrl = (v: string | null): string | null => (v && /^https?:\/\//i.test(v) ? v : null);

function Facts({ title, rows }: { title: string; rows: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <Card>
      <CardContent className="p-4">
        <h2 className="mb-2 text-base font-semibold">{title}</h2>
        <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function treatmentsText(d: DiamondDetail): string {
  if (!d.treatments) return 'Non indiqué';
  return d.treatments
    .split(',')
    .map((t) => feedCodeLabel('treatment', t.trim()))
    .join(', ');
}

/** The catalogue search the stone was opened from (its link's state), to go back to it; '' otherwise. */
function catalogueSearchOf(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const search = (state as { catalogueSearch?: unknown }).catalogueSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}

function DiamondView({ d }: { d: DiamondDetail }) {
  const location = useLocation();
  const [addOpen, setAddOpen] = useState(false);
  const [shortlistFull, setShortlistFull] = useState(false);
  const { canOpen } = useCanOpen();
  const shortlist = useShortlist();
  const label = stoneLabel(d);
  const prices = diamondPriceLines(d);
  const inShortlist = shortlist.has(d.id);
  const certificate = safeUrl(d.certificateUrl);
  const video = safeUrl(d.videoUrl);
  const viewer = safeUrl(d.viewer3dUrl);
  const place = [d.city, d.state, d.country].filter(Boolean).join(', ') || d.location;
  const sellDiffers = d.sellPriceEur !== null && d.sellPriceEur !== d.totalPriceEur;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link
          to={`/diamonds${catalogueSearchOf(location.state)}`}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Catalogue
        </Link>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{label}</h1>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {d.lab ? <Badge variant="secondary">{feedCodeLabel('lab', d.lab)}</Badge> : null}
            <Badge variant={isLabGrown(d.growth) ? 'default' : 'outline'}>{growthText(d.growth)}</Badge>
            <Badge variant="outline">{feedCodeLabel('availability', d.availability)}</Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant={inShortlist ? 'default' : 'outline'}
            aria-pressed={inShortlist}
            aria-disabled={!inShortlist && shortlist.entries.length >= SHORTLIST_MAX ? true : undefined}
            onClick={() => setShortlistFull(!shortlist.toggle({ id: d.id, label }))}
          >
            {inShortlist ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {inShortlist ? 'Dans la comparaison' : 'Comparer'}
          </Button>
          {canOpen('/quotes', 'write') ? (
            <Button type="button" onClick={() => setAddOpen(true)} disabled={d.availability !== 'available'}>
              <FilePlus2 aria-hidden="true" />
              Ajouter à un devis
            </Button>
          ) : null}
        </div>
      </div>

      {shortlistFull ? (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-300">
          La comparaison compte déjà {SHORTLIST_MAX} pierres : retirez-en une dans le catalogue pour ajouter celle-ci.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="flex flex-col gap-3">
          <Card>
            <CardContent className="p-3">
              <img
                src={d.imageUrl}
                alt={`Diamant ${label}`}
                width={320}
                height={320}
                className="mx-auto aspect-square w-full max-w-80 rounded bg-muted object-contain"
              />
              <div className="mt-3 flex flex-wrap gap-2">
                {certificate ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={certificate} target="_blank" rel="noopener noreferrer">
                      <FileText aria-hidden="true" />
                      Certificat
                    </a>
                  </Button>
                ) : null}
                {video ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={video} target="_blank" rel="noopener noreferrer">
                      <Video aria-hidden="true" />
                      Vidéo
                    </a>
                  </Button>
                ) : null}
                {viewer ? (
                  <Button asChild variant="outline" size="sm">
                    <a href={viewer} target="_blank" rel="noopener noreferrer">
                      <Box aria-hidden="true" />
                      Vue 3D
                    </a>
                  </Button>
                ) : null}
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="p-4" data-testid="diamond-prices">
              <h2 className="mb-2 text-base font-semibold">Prix</h2>
              {prices.main ? (
                <>
                  <p className="text-2xl font-semibold tabular-nums">{prices.main.total}</p>
                  {prices.main.perCarat ? (
                    <p className="text-sm text-muted-foreground tabular-nums">{prices.main.perCarat} par carat</p>
                  ) : null}
                  {prices.usd ? (
                    <p className="mt-1 text-sm text-muted-foreground tabular-nums">
                      {prices.usd.total}
                      {prices.usd.perCarat ? ` · ${prices.usd.perCarat} par carat` : ''} (prix fournisseur)
                    </p>
                  ) : null}
                  {sellDiffers ? (
                    <p className="mt-2 text-sm">
                      Prix de vente conseillé (coefficient du flux) :{' '}
                      <strong className="tabular-nums">{num(d.sellPriceEur, 0, ' €')}</strong>
                    </p>
                  ) : null}
                  {d.discountPct !== null ? (
                    <p className="mt-1 text-xs text-muted-foreground">
                      Remise sur liste : {num(d.discountPct, 2, ' %')}
                    </p>
                  ) : null}
                </>
              ) : (
                <p className="text-muted-foreground">Prix sur demande</p>
              )}
            </CardContent>
          </Card>
        </div>

        <div className="grid content-start gap-4 xl:grid-cols-2">
          <Facts
            title="Caractéristiques"
            rows={[
              ['Forme', shapeName(d.shape)],
              ['Poids', `${formatNumber(d.carats, 2)} ct`],
              ['Couleur', colorText(d)],
              ['Pureté', d.clarity],
              ['Taille', gradeName(d.cut)],
              ['Poli', gradeName(d.polish)],
              ['Symétrie', gradeName(d.symmetry)],
              [
                'Fluorescence',
                `${feedCodeLabel('fluorescence', d.fluorescence)}${d.fluorescenceColor ? `, ${feedCodeLabel('fluorescenceColor', d.fluorescenceColor).toLowerCase()}` : ''}`,
              ],
              ['Origine', growthText(d.growth)],
              ['Traitements', treatmentsText(d)],
            ]}
          />
          <Facts
            title="Mesures et proportions"
            rows={[
              ['Dimensions', measurementsText(d)],
              ['Rapport L/l', num(d.ratio, 2)],
              ['Profondeur', num(d.depthPct, 1, ' %')],
              ['Table', num(d.tablePct, 1, ' %')],
              ['Rondiste', text(d.girdle)],
              ['Colette', text(d.culet)],
              ['Net à l’œil', text(d.eyeClean)],
              ['Laiteux', text(d.milky)],
              ['Teinte', text(d.shade)],
            ]}
          />
          <Facts
            title="Certificat et provenance"
            rows={[
              ['Laboratoire', d.lab ? feedCodeLabel('lab', d.lab) : dash],
              ['N° de certificat', text(d.certificateNumber)],
              ['Référence fournisseur', text(d.stockNumber)],
              ['Fournisseur', text(d.supplier)],
              ['Flux', d.feedName ?? 'Catalogue commun'],
              ['Localisation', text(place)],
              ['Disponibilité', feedCodeLabel('availability', d.availability)],
              ['Mis à jour le', formatDateFr(d.updatedAt)],
            ]}
          />
        </div>
      </div>
      <AddToQuoteDialog open={addOpen} onOpenChange={setAddOpen} diamondId={d.id} label={label} />
    </div>
  );
}

/** `/diamond/:id`: one catalogue stone, every fact in French, its prices, "Ajouter à un devis". */
export default function DiamondPage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,18}$/.test(id);
  const query = useDiamond(valid ? id : '0');
  usePageTitleDetail(query.data ? stoneLabel(query.data) : null);

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Card>
        <CardContent className="space-y-3 p-6">
          <h1 className="text-lg font-semibold">Diamant introuvable</h1>
          <p className="text-sm text-muted-foreground">Cette pierre n’est pas (ou plus) dans votre catalogue.</p>
          <Button asChild variant="outline">
            <Link to="/diamonds">Retour au catalogue</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <CardContent role="alert" className="space-y-3 p-6">
          <h1 className="text-lg font-semibold">Catalogue temporairement indisponible</h1>
          <Button type="button" variant="outline" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!query.data) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-8 w-72" />
        <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
          <Skeleton className="aspect-square w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    );
  }
  return <DiamondView d={query.data} />;
}
