import { Navigate, useParams } from 'react-router';
import { useCanWrite } from '@/hooks/use-can-write';
import { useGoldBuy } from './api/gold-buys-api';
import { GoldBuyLoadError, GoldBuyLoading } from './components/gold-buy-load-states';
import { GoldBuyForm } from './gold-buy-form';
import { formValuesOf } from './lib/gold-buy-form';

/** `/goldbuy/:id/edit`: a draft's form; a signed purchase (or a read-only role) goes to the purchase itself. */
export default function GoldBuyEditPage() {
  const { id = '' } = useParams();
  const goldBuy = useGoldBuy(id);
  const canWrite = useCanWrite('goldbuy');
  if (goldBuy.isPending) return <GoldBuyLoading />;
  if (goldBuy.isError) return <GoldBuyLoadError error={goldBuy.error} onRetry={() => void goldBuy.refetch()} />;
  const detail = goldBuy.data;
  if (detail.status !== 'draft' || !canWrite) return <Navigate to={`/goldbuy/${detail.id}`} replace />;
  return <GoldBuyForm key={detail.id} detail={detail} initialValues={formValuesOf(detail)} />;
}
