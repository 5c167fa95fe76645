import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ClientCreateDialog } from './client-create-dialog';

/** "Créer un client" under the quote's client picker: a client not on file yet, then chosen (`onCreated`). */
export function ClientCreateButton({ onCreated }: { onCreated: (clientId: string) => void }) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div>
        <Button type="button" size="sm" variant="outline" onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" />
          Créer un client
        </Button>
      </div>
      <ClientCreateDialog open={creating} onOpenChange={setCreating} onCreated={(client) => onCreated(client.id)} />
    </>
  );
}
