import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  Archive,
  ArchiveRestore,
  Check,
  Copy,
  Download,
  FilePen,
  Link2,
  Link2Off,
  Printer,
  Send,
  X,
} from 'lucide-react';
import type { QuoteDetail } from '@shared/schemas/quotes';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { QuoteWorkOrderAction } from '@/features/work-orders/components/quote-work-order-action';
import { quotePdfHref, useArchiveQuote, useCopyQuote, useQuoteAction, useQuoteShare } from '../api/quote-mutations';

type Confirm = 'send' | 'accept' | 'refuse' | 'archive' | 'restore' | 'revoke';

const CONFIRMS: Readonly<
  Record<Confirm, { title: string; description: string; confirmLabel: string; destructive?: boolean }>
> = {
  send: {
    title: 'Envoyer le devis ?',
    description:
      'Le devis recevra son numéro définitif (D-AAAA-NNNN) et ses prix seront figés aux cours actuels. Il ne pourra plus être modifié : pour le changer, vous en ferez une révision.',
    confirmLabel: 'Envoyer le devis',
  },
  accept: {
    title: 'Marquer le devis comme accepté ?',
    description: 'Le client a accepté ce devis : la date et l’heure sont enregistrées dans l’historique.',
    confirmLabel: 'Accepter',
  },
  refuse: {
    title: 'Marquer le devis comme refusé ?',
    description: 'Le client a refusé ce devis. Vous pourrez encore le réviser ou le dupliquer.',
    confirmLabel: 'Refuser',
    destructive: true,
  },
  archive: {
    title: 'Archiver ce devis ?',
    description: 'Il n’apparaîtra plus dans la liste des devis actifs. Vous pourrez le restaurer.',
    confirmLabel: 'Archiver',
    destructive: true,
  },
  restore: {
    title: 'Restaurer ce devis ?',
    description: 'Il reviendra dans la liste des devis actifs.',
    confirmLabel: 'Restaurer',
  },
  revoke: {
    title: 'Révoquer le lien de partage ?',
    description: 'Le lien envoyé au client ne s’ouvrira plus. Vous pourrez en créer un nouveau.',
    confirmLabel: 'Révoquer le lien',
    destructive: true,
  },
};

function errorText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined;
}

/** Copies `text`; false when the browser refuses (no permission, not a secure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What can be done with the quote, by status: send (draft), accept or refuse (sent), revise (sent, accepted,
 * refused, expired), duplicate, archive or restore, PDF (download, print) and the share link (sent or accepted).
 * `prepare` runs before a draft is sent (autosave flushed, lines complete): false stops the sending.
 */
export function QuoteActions({
  quote,
  canWrite,
  version,
  prepare,
  onChanged,
}: {
  quote: QuoteDetail;
  canWrite: boolean;
  /** The version to send (a draft's autosave knows a newer one than the cached quote). */
  version: () => number;
  prepare?: () => Promise<boolean>;
  /** The quote the server answered (its new version). */
  onChanged?: (quote: QuoteDetail) => void;
}) {
  const navigate = useNavigate();
  const action = useQuoteAction(quote.id);
  const copy = useCopyQuote(quote.id);
  const archive = useArchiveQuote(quote.id);
  const { share, revoke } = useQuoteShare(quote.id);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [preparing, setPreparing] = useState(false);
  const status = quote.status;
  const archived = quote.archivedAt !== null;
  const busy = action.isPending || copy.isPending || archive.isPending || share.isPending || revoke.isPending;

  const run = async (what: Confirm) => {
    try {
      if (what === 'archive' || what === 'restore') {
        const saved = await archive.mutateAsync(what);
        onChanged?.(saved);
        toast({
          title: what === 'archive' ? 'Devis archivé' : 'Devis restauré',
          description: saved.number ?? saved.title,
        });
      } else if (what === 'revoke') {
        await revoke.mutateAsync();
        toast({ title: 'Lien de partage révoqué', description: 'Le lien envoyé au client ne s’ouvre plus.' });
      } else {
        const saved = await action.mutateAsync({ action: what, version: version() });
        onChanged?.(saved);
        const titles = { send: 'Devis envoyé', accept: 'Devis accepté', refuse: 'Devis refusé' } as const;
        toast({ title: titles[what], description: saved.number ?? saved.title });
      }
      setConfirm(null);
    } catch (error) {
      if (isUnauthenticated(error)) return;
      setConfirm(null);
      toast({ variant: 'destructive', title: 'Action impossible', description: errorText(error) });
    }
  };

  const askToSend = async () => {
    if (prepare) {
      setPreparing(true);
      try {
        if (!(await prepare())) return;
      } finally {
        setPreparing(false);
      }
    }
    setConfirm('send');
  };

  const makeCopy = async (kind: 'duplicate' | 'revise') => {
    try {
      const created = await copy.mutateAsync(kind);
      toast({
        title: kind === 'duplicate' ? 'Devis dupliqué' : 'Révision créée',
        description: 'Le nouveau brouillon est ouvert.',
      });
      void navigate(`/quotes/${created.id}`);
    } catch (error) {
      if (isUnauthenticated(error)) return;
      toast({ variant: 'destructive', title: 'Action impossible', description: errorText(error) });
    }
  };

  const copyShareLink = async () => {
    try {
      const link = await share.mutateAsync();
      const url = `${window.location.origin}${link.url}`;
      const copied = await copyText(url);
      toast({
        title: copied ? 'Lien de partage copié' : 'Lien de partage créé',
        description: (
          <span className="break-all" data-testid="share-url">
            {copied ? '' : 'Copiez-le : '}
            {url}
          </span>
        ),
        duration: 15_000,
      });
    } catch (error) {
      if (isUnauthenticated(error)) return;
      toast({ variant: 'destructive', title: 'Partage impossible', description: errorText(error) });
    }
  };

  const canShare = !archived && (status === 'sent' || status === 'accepted');
  const buttons: ReactNode[] = [];
  if (canWrite && !archived) {
    if (status === 'draft')
      buttons.push(
        <Button key="send" type="button" onClick={() => void askToSend()} disabled={busy || preparing}>
          <Send aria-hidden="true" />
          {preparing ? 'Enregistrement…' : 'Envoyer'}
        </Button>,
      );
    if (status === 'sent')
      buttons.push(
        <Button key="accept" type="button" onClick={() => setConfirm('accept')} disabled={busy}>
          <Check aria-hidden="true" />
          Accepter
        </Button>,
        <Button key="refuse" type="button" variant="outline" onClick={() => setConfirm('refuse')} disabled={busy}>
          <X aria-hidden="true" />
          Refuser
        </Button>,
      );
    if (status !== 'draft')
      buttons.push(
        <Button key="revise" type="button" variant="outline" onClick={() => void makeCopy('revise')} disabled={busy}>
          <FilePen aria-hidden="true" />
          Réviser
        </Button>,
      );
  }
  if (canWrite)
    buttons.push(
      <Button
        key="duplicate"
        type="button"
        variant="outline"
        onClick={() => void makeCopy('duplicate')}
        disabled={busy}
      >
        <Copy aria-hidden="true" />
        Dupliquer
      </Button>,
    );
  if (status === 'accepted' && !archived)
    buttons.push(<QuoteWorkOrderAction key="work-order" quote={quote} accepted />);
  buttons.push(
    <Button key="pdf" asChild variant="outline">
      <a href={quotePdfHref(quote.id, true)} download>
        <Download aria-hidden="true" />
        Télécharger le PDF
      </a>
    </Button>,
    <Button key="print" asChild variant="outline">
      <a href={quotePdfHref(quote.id, false)} target="_blank" rel="noopener">
        <Printer aria-hidden="true" />
        Imprimer
      </a>
    </Button>,
  );
  if (canWrite && canShare)
    buttons.push(
      <Button key="share" type="button" variant="outline" onClick={() => void copyShareLink()} disabled={busy}>
        <Link2 aria-hidden="true" />
        Copier le lien de partage
      </Button>,
    );
  if (canWrite && quote.share.active)
    buttons.push(
      <Button key="revoke" type="button" variant="ghost" onClick={() => setConfirm('revoke')} disabled={busy}>
        <Link2Off aria-hidden="true" />
        Révoquer le lien
      </Button>,
    );
  if (canWrite)
    buttons.push(
      archived ? (
        <Button key="restore" type="button" variant="outline" onClick={() => setConfirm('restore')} disabled={busy}>
          <ArchiveRestore aria-hidden="true" />
          Restaurer
        </Button>
      ) : (
        <Button key="archive" type="button" variant="ghost" onClick={() => setConfirm('archive')} disabled={busy}>
          <Archive aria-hidden="true" />
          Archiver
        </Button>
      ),
    );

  const dialog = confirm ? CONFIRMS[confirm] : null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="quote-actions">
      {buttons}
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
    </div>
  );
}
