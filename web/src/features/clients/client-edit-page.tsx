import { useParams } from 'react-router';
import { PageHeader } from '@/components/form/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { useClient } from './api/get-client';
import { ClientForm } from './client-form';

export default function ClientEditPage() {
  const { id } = useParams();
  const query = useClient(id);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader title={query.data ? `Modifier ${query.data.displayName}` : 'Modifier le client'} />
      {query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>Client introuvable ou inaccessible.</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : query.data ? (
        <ClientForm key={query.data.id} client={query.data} onReload={async () => (await query.refetch()).data} />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </div>
  );
}
