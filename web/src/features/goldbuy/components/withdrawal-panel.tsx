import { useEffect, useState } from 'react';
import { Clock } from 'lucide-react';
import { formatEuro } from '@shared/format';
import { withdrawalPenalty } from '@shared/gold-buy-rules';
import type { GoldBuyDetail } from '@shared/schemas/gold-buys';
import { cn } from '@/lib/class-merge';
import { formatDateTime } from '../lib/display';

/** The time now, again every second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** "1 j 04 h 05 min 09 s" to go. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days} j ` : ''}${pad(hours)} h ${pad(minutes)} min ${pad(seconds % 60)} s`;
}

/** What the end of the withdrawal period allows now, by status. */
function endedText(status: GoldBuyDetail['status']): string {
  if (status === 'paid') return 'Le délai est écoulé : le lot peut être fondu ou revendu.';
  if (status === 'validated') return 'Le délai est écoulé : le lot pourra être fondu ou revendu une fois payé.';
  return 'Le délai est écoulé.';
}

/** The withdrawal deadline of a signed purchase and, while it runs, the time left. */
export function WithdrawalPanel({ goldBuy, msLeft }: { goldBuy: GoldBuyDetail; msLeft: number }) {
  if (!goldBuy.withdrawalDeadline) return null;
  const running = goldBuy.withdrawalOpen && msLeft > 0;
  return (
    <section
      className={cn(
        'flex flex-col gap-1 rounded-lg border p-4 text-sm',
        running ? 'border-amber-500/50 bg-amber-500/10' : 'bg-card',
      )}
      data-testid="withdrawal-panel"
      aria-labelledby="withdrawal-title"
    >
      <h2 id="withdrawal-title" className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden="true" className="size-4" />
        Délai de rétractation
      </h2>
      <p>
        Jusqu’au <strong data-testid="withdrawal-deadline">{formatDateTime(goldBuy.withdrawalDeadline)}</strong> (48
        heures après la signature, reportées au jour ouvré suivant après un samedi, un dimanche ou un jour férié).
      </p>
      {goldBuy.status === 'withdrawn' ? (
        <>
          <p>
            Le vendeur s’est rétracté le {formatDateTime(goldBuy.withdrawnAt)} ; ses objets lui ont été rendus (sortie «
            Restitué » au livre de police).
          </p>
          {goldBuy.withdrawalRepayment ? (
            <p data-testid="withdrawal-repayment">
              Il rembourse le prix reçu : <strong>{formatEuro(goldBuy.withdrawalRepayment)}</strong>
              {goldBuy.withdrawalRepaidAt
                ? ` — remboursement reçu le ${formatDateTime(goldBuy.withdrawalRepaidAt)}.`
                : ' — remboursement en attente.'}
            </p>
          ) : (
            <p data-testid="withdrawal-repayment">L’achat n’était pas payé : le vendeur n’a rien à rembourser.</p>
          )}
        </>
      ) : running ? (
        <p aria-live="off">
          Temps restant :{' '}
          <strong className="tabular-nums" data-testid="withdrawal-countdown">
            {countdownText(msLeft)}
          </strong>
        </p>
      ) : (
        <p data-testid="withdrawal-ended">{endedText(goldBuy.status)}</p>
      )}
      {running ? (
        <p className="text-xs text-muted-foreground">
          En cas de rétractation, la boutique rend les objets ; si elle ne le pouvait pas, elle devrait au vendeur le
          double du prix, soit {formatEuro(withdrawalPenalty(goldBuy.total))}.
        </p>
      ) : null}
    </section>
  );
}
