import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, FileWarning } from 'lucide-react';
import { formatDateFr, formatEuro } from '@shared/format';
import type { SharedQuoteView } from '@shared/schemas/quotes';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitleDetail } from '@/hooks/use-page-title';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import { QuoteLinesTable } from './components/quote-lines-table';
import { formatDateTimeFr, formatVatRate } from './lib/display';

const path = (token: string) => `/api/shared-quotes/${encodeURIComponent(token)}`;

function Frame({ children }: { children: ReactNode }) {
  return (
    <main id="contenu" className="min-h-screen bg-muted/30 px-3 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">{children}</div>
    </main>
  );
}

/**
 * `/devis/partage/:token` (public, no sign-in): the quote a jeweller shared with their client — the shop's identity,
 * the lines and totals (never a cost), the terms, the PDF, and "Accepter le devis". An expired or revoked link says
 * so in plain French.
 */
export default function SharedQuotePage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const key = ['/api/shared-quotes', token];
  const shared = useQuery({ queryKey: key, queryFn: () => apiGet<SharedQuoteView>(path(token)), retry: false });
  const accept = useMutation({
    mutationFn: () => apiRequest<SharedQuoteView>('POST', `${path(token)}/accept`, {}),
    onSuccess: (view) => queryClient.setQueryData(key, view),
  });
  const [confirming, setConfirming] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  usePageTitleDetail(shared.data?.quote.number);

  if (shared.isPending) return <Spinner className="min-h-screen" label="Chargement du devis…" />;

  if (shared.isError) {
    const gone = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 410);
    return (
      <Frame>
        <Card>
          <CardHeader>
            <CardTitle level={1} className="flex items-center gap-2 text-xl">
              <FileWarning className="size-5 text-destructive" aria-hidden="true" />
              {gone ? 'Ce devis n’est plus disponible' : 'Impossible d’afficher le devis'}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <p data-testid="shared-quote-error">
              {gone && shared.error instanceof ApiError
                ? shared.error.serverMessage
                : 'Le devis n’a pas pu être chargé. Réessayez dans un instant.'}
            </p>
            {gone ? (
              <p className="text-muted-foreground">
                Le lien a pu expirer avec le devis ou être révoqué. Demandez un nouveau lien à votre bijoutier.
              </p>
            ) : (
              <Button type="button" variant="outline" onClick={() => void shared.refetch()}>
                Réessayer
              </Button>
            )}
          </CardContent>
        </Card>
      </Frame>
    );
  }

  const { organization: org, quote, canAccept } = shared.data;
  const identity = [
    org.legalForm,
    org.siren ? `SIREN ${org.siren}` : '',
    org.rcsRm,
    org.vatNumber ? `TVA ${org.vatNumber}` : '',
  ].filter(Boolean);
  const contact = [org.phone, org.email].filter(Boolean);

  const onAccept = async () => {
    setAcceptError(null);
    try {
      await accept.mutateAsync();
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      setAcceptError(error instanceof ApiError ? error.serverMessage : 'L’acceptation n’a pas pu être enregistrée.');
    }
  };

  return (
    <Frame>
      <header
        className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between"
        data-testid="shared-organization"
      >
        <div>
          <p className="text-lg font-semibold">{org.legalName}</p>
          {org.addressLines.map((line) => (
            <p key={line} className="text-sm text-muted-foreground">
              {line}
            </p>
          ))}
        </div>
        <div className="text-sm text-muted-foreground sm:text-right">
          {contact.map((c) => (
            <p key={c}>{c}</p>
          ))}
          {identity.length > 0 && <p className="text-xs">{identity.join(' · ')}</p>}
        </div>
      </header>
      <Card>
        <CardHeader className="gap-2">
          <CardTitle level={1} className="text-2xl">
            Devis {quote.number}
          </CardTitle>
          {quote.title && <p className="text-base">{quote.title}</p>}
          <p className="text-sm text-muted-foreground">
            {quote.clientName ? `Pour ${quote.clientName} · ` : ''}
            {quote.issuedOn ? `Émis le ${formatDateFr(quote.issuedOn)}` : ''}
            {quote.validUntil ? ` · valable jusqu’au ${formatDateFr(quote.validUntil)}` : ''}
          </p>
        </CardHeader>
        <CardContent className="space-y-6">
          <QuoteLinesTable lines={quote.lines} />
          <dl
            className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm"
            data-testid="shared-totals"
          >
            <dt className="font-medium">Total HT</dt>
            <dd className="text-right font-semibold tabular-nums">{formatEuro(quote.totals.totalExclVat)}</dd>
            {quote.totals.vatByRate.map((v) => (
              <Row key={v.ratePct} label={`TVA ${formatVatRate(v.ratePct)}`}>
                {formatEuro(v.amount)}
              </Row>
            ))}
            <div className="col-span-2 border-t" aria-hidden="true" />
            <dt className="text-base font-semibold">Total TTC</dt>
            <dd className="text-right text-lg font-semibold tabular-nums" data-testid="shared-total">
              {formatEuro(quote.totals.totalInclVat)}
            </dd>
          </dl>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Term label="Conditions de paiement">{quote.paymentTerms}</Term>
            <Term label="Délais de livraison">{quote.deliveryTerms}</Term>
            <Term label="Devis">{quote.isFree ? 'Gratuit' : `Payant : ${formatEuro(quote.quoteFee)} TTC`}</Term>
          </dl>
        </CardContent>
      </Card>
      <section className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
        {quote.acceptedAt ? (
          <p
            className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-300"
            role="status"
            data-testid="shared-accepted"
          >
            <CheckCircle2 className="size-5" aria-hidden="true" />
            Devis accepté le {formatDateTimeFr(quote.acceptedAt)}
          </p>
        ) : quote.status === 'refused' ? (
          <p className="font-medium">Ce devis a été refusé.</p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {canAccept
              ? 'Ce devis vous convient ? Acceptez-le en ligne.'
              : 'Ce devis ne peut plus être accepté en ligne.'}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`${path(token)}/pdf?download=1`} download>
              <Download aria-hidden="true" />
              Télécharger le PDF
            </a>
          </Button>
          {canAccept && !quote.acceptedAt && (
            <Button type="button" onClick={() => setConfirming(true)} disabled={accept.isPending}>
              <CheckCircle2 aria-hidden="true" />
              Accepter le devis
            </Button>
          )}
        </div>
      </section>
      {acceptError && (
        <p role="alert" className="text-sm text-destructive">
          {acceptError}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Accepter ce devis ?"
        description={`Vous acceptez le devis ${quote.number ?? ''} de ${org.legalName} pour ${formatEuro(quote.totals.totalInclVat)} TTC. La date et l’heure de votre accord sont enregistrées.`}
        confirmLabel="Accepter le devis"
        onConfirm={onAccept}
      />
    </Frame>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap">{children || '—'}</dd>
    </div>
  );
}
