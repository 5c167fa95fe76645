import { PageHeader } from '@/components/form/page-header';
import { ProductionStepForm } from './production-step-form';

export default function ProductionStepNewPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader
        title="Nouvelle étape"
        description="Elle est ajoutée à la fin de l’ordre ; réordonnez-la ensuite depuis la liste."
      />
      <ProductionStepForm />
    </div>
  );
}
