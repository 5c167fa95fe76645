import { PageHeader } from '@/components/form/page-header';
import { WorkOrderForm } from './work-order-form';

/** A new work order from scratch (an accepted quote makes one from its own page). */
export default function WorkOrderNewPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader title="Nouvel ordre de fabrication" description="Les champs marqués d’un * sont obligatoires." />
      <WorkOrderForm />
    </div>
  );
}
