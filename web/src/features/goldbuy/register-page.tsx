import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import { formatEuro, formatNumber } from '@shared/format';
import {
  GOLD_BUY_METAL_LABELS,
  REGISTER_DESTINATION_LABELS,
  type PoliceRegisterEntry,
} from '@shared/schemas/gold-buys';
import { FILTER_CONTROL_CLASS } from '@/components/data-table/filter-select';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { registerCsvHref, registerPdfHref, usePoliceRegister } from './api/gold-buys-api';
import { formatDateTime, parisToday } from './lib/display';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function movementOf(entry: PoliceRegisterEntry): string {
  if (entry.direction === 'in') return 'Entrée (achat)';
  return `Sortie : ${entry.destination ? REGISTER_DESTINATION_LABELS[entry.destination] : '—'}`;
}

/**
 * `/goldbuy/register`: the police register ("livre de police") of a day or a period, today by default: every entry
 * and exit, the weight bought per metal and fineness, and its CSV and PDF extracts for a police or customs check.
 */
export default function RegisterPage() {
  const [params, setParams] = useSearchParams();
  const today = parisToday();
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : today;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : from > today ? from : today;
  const register = usePoliceRegister(from, to);
  const setPeriod = (next: { from: string; to: string }) => {
    const p = new URLSearchParams(params);
    p.set('from', next.from);
    p.set('to', next.to < next.from ? next.from : next.to);
    setParams(p, { replace: true });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="register-page">
      <PageHeader
        title="Livre de police"
        description="Registre des objets achetés aux particuliers : chaque entrée et chaque sortie, sans modification possible."
        actions={
          <Button asChild variant="ghost">
            <Link to="/goldbuy">
              <ArrowLeft aria-hidden="true" />
              Achats
            </Link>
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
          Du
          <input
            type="date"
            className={FILTER_CONTROL_CLASS}
            value={from}
            max={to}
            onChange={(e) => e.target.value && setPeriod({ from: e.target.value, to })}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-muted-foreground">
          Au
          <input
            type="date"
            className={FILTER_CONTROL_CLASS}
            value={to}
            min={from}
            onChange={(e) => e.target.value && setPeriod({ from, to: e.target.value })}
          />
        </label>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-9"
          onClick={() => setPeriod({ from: today, to: today })}
        >
          Aujourd’hui
        </Button>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button asChild variant="outline" size="sm">
            <a href={registerCsvHref(from, to)} download>
              <Download aria-hidden="true" />
              Exporter CSV
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={registerPdfHref(from, to)} target="_blank" rel="noopener">
              <FileText aria-hidden="true" />
              PDF
            </a>
          </Button>
        </div>
      </div>
      {register.isPending ? (
        <div className="space-y-2" aria-busy="true" aria-label="Chargement du registre">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : register.isError ? (
        <Card>
          <CardContent className="space-y-3 p-6">
            <h2 className="font-semibold">Impossible de charger le registre</h2>
            <p className="text-sm text-muted-foreground">
              {register.error instanceof ApiError ? register.error.serverMessage : 'Une erreur est survenue.'}
            </p>
            <Button type="button" onClick={() => void register.refetch()}>
              Réessayer
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <section
            className="rounded-lg border bg-card p-3 text-sm"
            data-testid="register-totals"
            aria-label="Totaux de la période"
          >
            <h2 className="mb-1 text-xs font-medium text-muted-foreground">Poids acheté sur la période</h2>
            {register.data.totals.length === 0 ? (
              <p className="text-muted-foreground">Aucun achat.</p>
            ) : (
              <ul className="flex flex-wrap gap-x-6 gap-y-1">
                {register.data.totals.map((t) => (
                  <li key={`${t.metal}-${t.fineness}`} className="whitespace-nowrap">
                    {GOLD_BUY_METAL_LABELS[t.metal]} {t.fineness} ‰ :{' '}
                    <span className="font-semibold tabular-nums">{formatNumber(t.weightG, 3)} g</span>{' '}
                    <span className="text-muted-foreground">
                      ({t.count} objet{t.count > 1 ? 's' : ''})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {register.data.entries.length === 0 ? (
            <Card>
              <CardContent className="p-6 text-center" data-testid="register-empty">
                <h2 className="font-semibold">Aucune inscription sur la période</h2>
                <p className="text-sm text-muted-foreground">Choisissez un autre jour ou une autre période.</p>
              </CardContent>
            </Card>
          ) : (
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full min-w-[64rem] text-sm" data-testid="register-table">
                <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                  <tr>
                    {[
                      'N°',
                      'Date/heure',
                      'Mouvement',
                      'Contrat',
                      'Description',
                      'Métal',
                      'Titre',
                      'Poids',
                      'Prix',
                      'Vendeur',
                      'Pièce d’identité',
                      'Destination',
                    ].map((h) => (
                      <th key={h} scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {register.data.entries.map((e) => (
                    <tr key={e.number} data-testid="register-entry" className="align-top">
                      <td className="px-2 py-2 font-medium tabular-nums">{e.number}</td>
                      <td className="px-2 py-2 whitespace-nowrap tabular-nums">{formatDateTime(e.entryAt)}</td>
                      <td className="px-2 py-2 whitespace-nowrap">
                        {movementOf(e)}
                        {e.refersTo ? (
                          <span className="block text-xs text-muted-foreground">réf. n° {e.refersTo}</span>
                        ) : null}
                      </td>
                      <td className="px-2 py-2 whitespace-nowrap">
                        <Link className="underline underline-offset-2" to={`/goldbuy/${e.goldBuyId}`}>
                          {e.goldBuyNumber}
                        </Link>
                      </td>
                      <td className="px-2 py-2">{e.description}</td>
                      <td className="px-2 py-2">{GOLD_BUY_METAL_LABELS[e.metal]}</td>
                      <td className="px-2 py-2 whitespace-nowrap tabular-nums">{e.fineness} ‰</td>
                      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatNumber(e.weightG, 3)} g
                      </td>
                      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatEuro(e.price, 2, '—')}
                      </td>
                      <td className="px-2 py-2">{e.sellerIdentity}</td>
                      <td className="px-2 py-2">{e.sellerDocument}</td>
                      <td className="px-2 py-2">{e.destination ? REGISTER_DESTINATION_LABELS[e.destination] : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
