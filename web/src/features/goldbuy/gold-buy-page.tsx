import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  AlertTriangle,
  ArrowLeft,
  Banknote,
  FilePen,
  FileText,
  Flame,
  PenLine,
  Receipt,
  Repeat,
  Trash2,
  Undo2,
} from 'lucide-react';
import { formatEuro, formatNumber } from '@shared/format';
import { formatIban, GOLD_BUY_PAYMENT_METHOD_LABELS } from '@shared/gold-buy-rules';
import {
  GOLD_BUY_CATEGORY_LABELS,
  GOLD_BUY_METAL_LABELS,
  GOLD_BUY_STATUS_LABELS,
  ID_DOCUMENT_TYPE_LABELS,
  goldBuyPhotoUrl,
  type GoldBuyDetail,
} from '@shared/schemas/gold-buys';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCanWrite } from '@/hooks/use-can-write';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import {
  contractPdfHref,
  receiptPdfHref,
  useCorrectGoldBuy,
  useDeleteGoldBuy,
  useGoldBuy,
  useGoldBuyTransition,
  type GoldBuyTransition,
} from './api/gold-buys-api';
import { GoldBuyLoadError, GoldBuyLoading } from './components/gold-buy-load-states';
import { IdentityScans } from './components/identity-scans';
import { GoldBuyStatusBadge } from './components/gold-buy-status-badge';
import { GoldBuyTotals } from './components/gold-buy-totals';
import { ValidateDialog } from './components/validate-dialog';
import { useNow, WithdrawalPanel } from './components/withdrawal-panel';
import { formatDateTime } from './lib/display';

/** `/goldbuy/:id`: the purchase, its contract and what can be done with it by status. */
export default function GoldBuyPage() {
  const { id = '' } = useParams();
  const goldBuy = useGoldBuy(id);
  if (goldBuy.isPending) return <GoldBuyLoading />;
  if (goldBuy.isError) return <GoldBuyLoadError error={goldBuy.error} onRetry={() => void goldBuy.refetch()} />;
  return <GoldBuyView key={goldBuy.data.id} goldBuy={goldBuy.data} refetch={() => void goldBuy.refetch()} />;
}

type Confirm = 'delete' | GoldBuyTransition;

const CONFIRMS: Readonly<
  Record<Confirm, { title: string; description: string; confirmLabel: string; destructive?: boolean }>
> = {
  delete: {
    title: 'Supprimer le brouillon ?',
    description: 'Le brouillon disparaît de la liste des achats. Un contrat signé, lui, est toujours conservé.',
    confirmLabel: 'Supprimer le brouillon',
    destructive: true,
  },
  pay: {
    title: 'Marquer l’achat comme payé ?',
    description: 'Le paiement du vendeur est enregistré avec sa date et son heure ; le reçu devient disponible.',
    confirmLabel: 'Marquer payé',
  },
  repaid: {
    title: 'Enregistrer le remboursement du vendeur ?',
    description: 'Le vendeur a remboursé le prix reçu : la date et l’heure sont enregistrées.',
    confirmLabel: 'Remboursement reçu',
  },
  withdraw: {
    title: 'Enregistrer la rétractation du vendeur ?',
    description:
      'Le vendeur rembourse le prix reçu et la boutique lui rend ses objets. La rétractation est inscrite au livre de police.',
    confirmLabel: 'Enregistrer la rétractation',
    destructive: true,
  },
  melt: {
    title: 'Envoyer le lot à la fonte ?',
    description: 'La sortie « Fondu » de chaque objet est inscrite au livre de police. Cette action est définitive.',
    confirmLabel: 'Fondre',
  },
  resell: {
    title: 'Marquer le lot comme revendu ?',
    description: 'La sortie « Revendu » de chaque objet est inscrite au livre de police. Cette action est définitive.',
    confirmLabel: 'Revendre',
  },
};

const TOASTS: Readonly<Record<GoldBuyTransition, string>> = {
  pay: 'Achat payé',
  withdraw: 'Rétractation enregistrée',
  repaid: 'Remboursement enregistré',
  melt: 'Lot fondu',
  resell: 'Lot revendu',
};

/** What the withdrawal confirmation says of the money: the seller repays only what they were paid. */
function withdrawDescription(goldBuy: GoldBuyDetail): string {
  const money = goldBuy.paidAt
    ? `Le vendeur rembourse ${formatEuro(goldBuy.netPaid)} reçus`
    : 'L’achat n’est pas encore payé : le vendeur n’a rien à rembourser';
  return `${money} et la boutique lui rend ses objets. La rétractation est inscrite au livre de police.`;
}

function errorText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined;
}

function GoldBuyView({ goldBuy, refetch }: { goldBuy: GoldBuyDetail; refetch: () => void }) {
  const navigate = useNavigate();
  const canWrite = useCanWrite('goldbuy');
  const transition = useGoldBuyTransition(goldBuy.id);
  const remove = useDeleteGoldBuy(goldBuy.id);
  const correct = useCorrectGoldBuy(goldBuy.id);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [validating, setValidating] = useState(false);
  const signed = goldBuy.status !== 'draft';
  const deadline = goldBuy.withdrawalDeadline ? new Date(goldBuy.withdrawalDeadline).getTime() : null;
  const now = useNow(goldBuy.withdrawalOpen);
  const msLeft = deadline === null ? 0 : Math.max(0, deadline - now);
  const running = goldBuy.withdrawalOpen && msLeft > 0;
  // The deadline passes while the page is open: the server says so (and lets the lot be melted).
  const endedSeen = useRef(false);
  useEffect(() => {
    if (goldBuy.withdrawalOpen && msLeft === 0 && !endedSeen.current) {
      endedSeen.current = true;
      refetch();
    }
  }, [goldBuy.withdrawalOpen, msLeft, refetch]);
  const busy = transition.isPending || remove.isPending || correct.isPending;

  const run = async (what: Confirm) => {
    try {
      if (what === 'delete') {
        await remove.mutateAsync();
        toast({ title: 'Brouillon supprimé' });
        setConfirm(null);
        void navigate('/goldbuy', { replace: true });
        return;
      }
      const saved = await transition.mutateAsync({ action: what, version: goldBuy.version });
      toast({ title: TOASTS[what], description: saved.number ?? undefined });
      setConfirm(null);
    } catch (error) {
      if (isUnauthenticated(error)) return;
      setConfirm(null);
      toast({ variant: 'destructive', title: 'Action impossible', description: errorText(error) });
    }
  };

  const makeCorrection = async () => {
    try {
      const created = await correct.mutateAsync();
      toast({ title: 'Correction créée', description: 'Le brouillon de correction est ouvert.' });
      void navigate(`/goldbuy/${created.id}/edit`);
    } catch (error) {
      if (isUnauthenticated(error)) return;
      toast({ variant: 'destructive', title: 'Action impossible', description: errorText(error) });
    }
  };

  const status = goldBuy.status;
  // Inside the withdrawal period a signed lot may be withdrawn; after it, a paid lot may be melted or resold.
  const disposable = status === 'validated' || status === 'paid';
  const meltable = status === 'paid';
  const disposeReason = running ? 'Possible après la fin du délai de rétractation' : undefined;
  const actions: ReactNode[] = [];
  if (canWrite && status === 'draft') {
    actions.push(
      <Button
        key="validate"
        type="button"
        onClick={() => {
          // The dialog shows the amounts the server will sign: read them again (the market moves).
          refetch();
          setValidating(true);
        }}
        disabled={busy}
      >
        <PenLine aria-hidden="true" />
        Valider (signer le contrat)
      </Button>,
      <Button key="edit" asChild variant="outline">
        <Link to={`/goldbuy/${goldBuy.id}/edit`}>
          <FilePen aria-hidden="true" />
          Modifier
        </Link>
      </Button>,
      <Button key="delete" type="button" variant="ghost" onClick={() => setConfirm('delete')} disabled={busy}>
        <Trash2 aria-hidden="true" />
        Supprimer le brouillon
      </Button>,
    );
  }
  if (canWrite && status === 'validated')
    actions.push(
      <Button key="pay" type="button" onClick={() => setConfirm('pay')} disabled={busy}>
        <Banknote aria-hidden="true" />
        Marquer payé
      </Button>,
    );
  if (canWrite && disposable && running)
    actions.push(
      <Button key="withdraw" type="button" variant="outline" onClick={() => setConfirm('withdraw')} disabled={busy}>
        <Undo2 aria-hidden="true" />
        Rétractation du vendeur
      </Button>,
    );
  if (canWrite && status === 'withdrawn' && goldBuy.withdrawalRepayment && !goldBuy.withdrawalRepaidAt)
    actions.push(
      <Button key="repaid" type="button" onClick={() => setConfirm('repaid')} disabled={busy}>
        <Banknote aria-hidden="true" />
        Remboursement reçu
      </Button>,
    );
  if (canWrite && meltable)
    actions.push(
      <Button
        key="melt"
        type="button"
        variant="outline"
        onClick={() => setConfirm('melt')}
        disabled={busy || running}
        title={disposeReason}
      >
        <Flame aria-hidden="true" />
        Fondre
      </Button>,
      <Button
        key="resell"
        type="button"
        variant="outline"
        onClick={() => setConfirm('resell')}
        disabled={busy || running}
        title={disposeReason}
      >
        <Repeat aria-hidden="true" />
        Revendre
      </Button>,
    );
  if (canWrite && disposable)
    actions.push(
      <Button key="correct" type="button" variant="outline" onClick={() => void makeCorrection()} disabled={busy}>
        <FilePen aria-hidden="true" />
        Corriger
      </Button>,
    );
  if (signed)
    actions.push(
      <Button key="contract" asChild variant="outline">
        <a href={contractPdfHref(goldBuy.id)} target="_blank" rel="noopener">
          <FileText aria-hidden="true" />
          Contrat (PDF)
        </a>
      </Button>,
    );
  if (goldBuy.paidAt)
    actions.push(
      <Button key="receipt" asChild variant="outline">
        <a href={receiptPdfHref(goldBuy.id)} target="_blank" rel="noopener">
          <Receipt aria-hidden="true" />
          Reçu (PDF)
        </a>
      </Button>,
    );

  const dialog = confirm
    ? { ...CONFIRMS[confirm], ...(confirm === 'withdraw' ? { description: withdrawDescription(goldBuy) } : {}) }
    : null;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="gold-buy-page">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="gold-buy-number">{goldBuy.number ?? 'Brouillon d’achat'}</span>
            <GoldBuyStatusBadge status={status} />
          </span>
        }
        description={
          signed
            ? `Contrat signé le ${formatDateTime(goldBuy.signedAt)}${goldBuy.signedPlace ? ` à ${goldBuy.signedPlace}` : ''}`
            : 'Brouillon : modifiable jusqu’à la signature du contrat.'
        }
        actions={
          <Button asChild variant="ghost">
            <Link to="/goldbuy">
              <ArrowLeft aria-hidden="true" />
              Achats
            </Link>
          </Button>
        }
      />
      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2" data-testid="gold-buy-actions">
          {actions}
        </div>
      ) : null}
      {canWrite && meltable && running ? (
        <p className="text-xs text-muted-foreground" data-testid="dispose-reason">
          Fondre ou revendre le lot n’est possible qu’après la fin du délai de rétractation.
        </p>
      ) : null}
      {goldBuy.amlVigilance ? (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-red-600/40 bg-red-500/10 p-4 text-sm text-red-900 dark:text-red-100"
          data-testid="aml-banner"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong>Vigilance anti-blanchiment :</strong> les achats de ce vendeur aujourd’hui atteignent{' '}
            {formatEuro(goldBuy.sellerDayTotal)} (seuil de 10 000 € par vendeur et par jour). Son identité complète est
            obligatoire : date et lieu de naissance, pièce d’identité avec son autorité et sa date de délivrance.
          </p>
        </div>
      ) : null}
      <CorrectionLinks goldBuy={goldBuy} />
      <WithdrawalPanel goldBuy={goldBuy} msLeft={msLeft} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <SellerCard goldBuy={goldBuy} />
          <IdentityScans goldBuy={goldBuy} canWrite={canWrite} />
          <ItemsTable goldBuy={goldBuy} />
        </div>
        <div className="flex flex-col gap-4">
          <GoldBuyTotals
            tax={goldBuy.tax}
            total={goldBuy.total}
            regime={goldBuy.taxRegime}
            vatRegistered={goldBuy.vatRegistered}
          />
          <MarketUsed goldBuy={goldBuy} />
          {signed ? <PaymentCard goldBuy={goldBuy} /> : null}
        </div>
      </div>
      <History goldBuy={goldBuy} />
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        description={dialog?.description}
        confirmLabel={dialog?.confirmLabel}
        destructive={dialog?.destructive}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        onConfirm={() => (confirm ? run(confirm) : undefined)}
      />
      {status === 'draft' ? <ValidateDialog goldBuy={goldBuy} open={validating} onOpenChange={setValidating} /> : null}
    </div>
  );
}

function Card({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="min-w-0 space-y-2 rounded-lg border bg-card p-4 text-sm" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="mb-1 break-words sm:mb-0">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function SellerCard({ goldBuy }: { goldBuy: GoldBuyDetail }) {
  const s = goldBuy.seller;
  const address = [s.addressLine1, s.addressLine2, [s.postalCode, s.city].filter(Boolean).join(' '), s.country]
    .filter(Boolean)
    .join(', ');
  const document = s.idDocumentType
    ? `${ID_DOCUMENT_TYPE_LABELS[s.idDocumentType]} n° ${s.idDocumentNumber || '—'}`
    : s.idDocumentNumber;
  return (
    <Card title="Vendeur" testId="gold-buy-seller-card">
      <Facts
        rows={[
          [
            'Nom',
            goldBuy.sellerClientId ? (
              <Link className="underline underline-offset-2" to={`/clients/${goldBuy.sellerClientId}`}>
                {goldBuy.sellerName ?? 'Client'}
              </Link>
            ) : (
              (goldBuy.sellerName ?? [s.civility, s.firstName, s.lastName].filter(Boolean).join(' '))
            ),
          ],
          ['Adresse', address],
          [
            'Naissance',
            [s.birthDate ? new Date(`${s.birthDate}T00:00:00`).toLocaleDateString('fr-FR') : '', s.birthPlace]
              .filter(Boolean)
              .join(' à '),
          ],
          ['Pièce d’identité', document],
          [
            'Délivrée',
            [
              s.idDocumentAuthority ? `par ${s.idDocumentAuthority}` : '',
              s.idDocumentDate ? `le ${new Date(`${s.idDocumentDate}T00:00:00`).toLocaleDateString('fr-FR')}` : '',
            ]
              .filter(Boolean)
              .join(' '),
          ],
        ]}
      />
    </Card>
  );
}

function ItemsTable({ goldBuy }: { goldBuy: GoldBuyDetail }) {
  return (
    <Card title="Objets achetés" testId="gold-buy-items-view">
      {goldBuy.items.length === 0 ? (
        <p className="text-muted-foreground">Aucun objet.</p>
      ) : (
        <ul className="divide-y">
          {goldBuy.items.map((item, index) => (
            <li
              key={index}
              className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between"
              data-testid="gold-buy-item-view"
            >
              <div className="flex min-w-0 gap-3">
                {item.photoId ? (
                  <a
                    href={goldBuyPhotoUrl(goldBuy.id, item.photoId)}
                    target="_blank"
                    rel="noopener"
                    className="shrink-0"
                    aria-label={`Photo de l’objet ${index + 1}`}
                  >
                    <img
                      src={goldBuyPhotoUrl(goldBuy.id, item.photoId)}
                      alt=""
                      className="size-16 rounded-md border object-cover"
                      data-testid="item-photo"
                      loading="lazy"
                    />
                  </a>
                ) : null}
                <div className="min-w-0">
                  <p className="font-medium break-words">{item.description}</p>
                  <p className="text-xs text-muted-foreground">
                    {GOLD_BUY_METAL_LABELS[item.metal]} {item.fineness} ‰ · {GOLD_BUY_CATEGORY_LABELS[item.category]} ·
                    brut {formatNumber(item.grossWeightG, 3)} g · net {formatNumber(item.netWeightG, 3)} g ·{' '}
                    {item.hallmark ? 'poinçon vu' : 'sans poinçon vu'}
                  </p>
                  {item.pricePerGram ? (
                    <p className="text-xs text-muted-foreground">
                      {formatNumber(item.netWeightG, 3)} g × {formatNumber(item.pricePerGram, 2)} €/g ×{' '}
                      {formatNumber(goldBuy.buybackFactor, 3)}
                    </p>
                  ) : null}
                  {item.priceOverride ? (
                    <p className="text-xs text-muted-foreground">
                      Prix saisi (calculé : {formatEuro(item.computedPrice, 2, '—')}) : {item.overrideReason}
                    </p>
                  ) : null}
                </div>
              </div>
              <p className="shrink-0 font-semibold tabular-nums sm:text-right" data-testid="item-price">
                {formatEuro(item.price, 2, '—')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function MarketUsed({ goldBuy }: { goldBuy: GoldBuyDetail }) {
  const entries = Object.entries(goldBuy.market).filter(([, v]) => v);
  return (
    <Card
      title={goldBuy.status === 'draft' ? 'Cours du jour (métal pur)' : 'Cours figés au contrat'}
      testId="gold-buy-market-used"
    >
      <ul className="space-y-1">
        {entries.map(([metal, price]) => (
          <li key={metal} className="flex flex-wrap justify-between gap-x-2">
            <span>{GOLD_BUY_METAL_LABELS[metal as keyof typeof GOLD_BUY_METAL_LABELS]}</span>
            <span className="tabular-nums">{formatNumber(price?.value, 2)} €/g</span>
            <span className="w-full text-xs text-muted-foreground">
              {price?.source} · {formatDateTime(price?.observedAt)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">Coefficient de rachat : {formatNumber(goldBuy.buybackFactor, 3)}</p>
    </Card>
  );
}

function PaymentCard({ goldBuy }: { goldBuy: GoldBuyDetail }) {
  return (
    <Card title="Paiement" testId="gold-buy-payment">
      <Facts
        rows={[
          ['Mode', goldBuy.paymentMethod ? GOLD_BUY_PAYMENT_METHOD_LABELS[goldBuy.paymentMethod] : ''],
          ...(goldBuy.iban ? ([['IBAN', formatIban(goldBuy.iban)]] as Array<[string, ReactNode]>) : []),
          ...(goldBuy.chequeNumber ? ([['Chèque n°', goldBuy.chequeNumber]] as Array<[string, ReactNode]>) : []),
          ['Payé le', goldBuy.paidAt ? formatDateTime(goldBuy.paidAt) : 'Pas encore'],
        ]}
      />
    </Card>
  );
}

function CorrectionLinks({ goldBuy }: { goldBuy: GoldBuyDetail }) {
  if (!goldBuy.correctionOf && goldBuy.correctedBy.length === 0) return null;
  return (
    <div className="rounded-lg border bg-card p-3 text-sm" data-testid="gold-buy-corrections">
      {goldBuy.correctionOf ? (
        <p>
          Correction de l’achat{' '}
          <Link className="font-medium underline underline-offset-2" to={`/goldbuy/${goldBuy.correctionOf.id}`}>
            {goldBuy.correctionOf.number ?? 'd’origine'}
          </Link>
        </p>
      ) : null}
      {goldBuy.correctedBy.map((c) => (
        <p key={c.id}>
          Corrigé par{' '}
          <Link className="font-medium underline underline-offset-2" to={`/goldbuy/${c.id}`}>
            {c.number ?? 'un brouillon de correction'}
          </Link>{' '}
          ({GOLD_BUY_STATUS_LABELS[c.status]})
        </p>
      ))}
    </div>
  );
}

function History({ goldBuy }: { goldBuy: GoldBuyDetail }) {
  return (
    <Card title="Historique" testId="gold-buy-history">
      {goldBuy.events.length === 0 ? (
        <p className="text-muted-foreground">Aucun évènement.</p>
      ) : (
        <ol className="space-y-1">
          {goldBuy.events.map((e) => (
            <li key={e.id} className="flex flex-col sm:flex-row sm:gap-3">
              <span className="shrink-0 text-muted-foreground tabular-nums">{formatDateTime(e.at)}</span>
              <span>
                {e.label} <span className="text-muted-foreground">— {e.actor}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
