import type { QuoteEvent } from '@shared/schemas/quotes';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTimeFr } from '../lib/display';

/** What happened to the quote, newest first: when (French date and time), what, who. */
export function QuoteHistory({ events }: { events: QuoteEvent[] }) {
  const sorted = [...events].sort((a, b) => b.at.localeCompare(a.at));
  if (sorted.length === 0) return <p className="text-sm text-muted-foreground">Aucun événement.</p>;
  return (
    <ol className="space-y-2" data-testid="quote-history">
      {sorted.map((e) => (
        <li key={e.id} className="flex flex-col border-l-2 pl-3 text-sm">
          <span className="font-medium">{e.label}</span>
          <span className="text-xs text-muted-foreground">
            <time dateTime={e.at}>{formatDateTimeFr(e.at)}</time> · {e.actor}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The "Historique" card of a quote's side column (the builder's and the read-only view's). */
export function QuoteHistoryCard({ events }: { events: QuoteEvent[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Historique</CardTitle>
      </CardHeader>
      <CardContent>
        <QuoteHistory events={events} />
      </CardContent>
    </Card>
  );
}
