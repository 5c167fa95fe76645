import { PageHeader } from '@/components/form/page-header';
import { SupplierForm } from './supplier-form';

export default function SupplierNewPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader title="Nouveau fournisseur" description="Les champs marqués d’un * sont obligatoires." />
      <SupplierForm />
    </div>
  );
}
