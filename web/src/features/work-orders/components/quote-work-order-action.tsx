import { Link, useNavigate } from 'react-router';
import { ClipboardList, Factory } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCanOpen } from '@/features/access/use-can-open';
import { ApiError, isUnauthenticated } from '@/lib/api-client';
import { useCreateWorkOrderFromQuote } from '../api/create-from-quote';
import { useWorkOrderByQuote } from '../api/work-order-by-quote';

/**
 * On an accepted quote: the link to its work order ("Ordre de fabrication OF-…") once there is one, else
 * "Créer l'ordre de fabrication" for the roles that write work orders, which opens the new order.
 */
export function QuoteWorkOrderAction({
  quote,
  accepted,
}: {
  quote: { id: string; clientId: string | null };
  accepted: boolean;
}) {
  const navigate = useNavigate();
  // The role's access and the organization's modules: nothing is asked of a module that is off.
  const { ready, canOpen } = useCanOpen();
  const readable = ready && canOpen('/work-orders');
  const writable = ready && canOpen('/work-orders/new', 'write');
  const existing = useWorkOrderByQuote(quote, accepted && readable);
  const create = useCreateWorkOrderFromQuote(quote.id);
  if (!accepted || !readable || existing.isPending || existing.isError) return null;

  if (existing.data) {
    return (
      <Button asChild variant="outline">
        <Link to={`/work-orders/${existing.data.id}`} data-testid="quote-work-order-link">
          <ClipboardList aria-hidden="true" />
          Ordre de fabrication {existing.data.number}
        </Link>
      </Button>
    );
  }
  if (!writable) return null;

  const run = async () => {
    try {
      const order = await create.mutateAsync({});
      toast({ title: 'Ordre de fabrication créé', description: order.number });
      void navigate(`/work-orders/${order.id}`);
    } catch (error) {
      if (isUnauthenticated(error)) return;
      toast({
        variant: 'destructive',
        title: 'Création impossible',
        description: error instanceof ApiError ? error.serverMessage : undefined,
      });
      void existing.refetch();
    }
  };

  return (
    <Button type="button" onClick={() => void run()} disabled={create.isPending}>
      <Factory aria-hidden="true" />
      {create.isPending ? 'Création…' : 'Créer l’ordre de fabrication'}
    </Button>
  );
}
