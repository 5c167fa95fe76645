import { PageHeader } from '@/components/form/page-header';
import { ClientForm } from './client-form';

export default function ClientNewPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader title="Nouveau client" description="Les champs marqués d’un * sont obligatoires." />
      <ClientForm />
    </div>
  );
}
