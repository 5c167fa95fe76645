import { useParams } from 'react-router';
import { RecordPage } from '@/components/form/record-page';
import { useCanWrite } from '@/hooks/use-can-write';
import { useArchiveProductionStep } from './api/archive-production-step';
import { useProductionStep } from './api/get-production-step';
import { useRestoreProductionStep } from './api/restore-production-step';
import { ProductionStepForm } from './production-step-form';

/** A production step: the form (read-only without write access), archive/restore. */
export default function ProductionStepPage() {
  const { id } = useParams();
  const query = useProductionStep(id);
  const archive = useArchiveProductionStep();
  const restore = useRestoreProductionStep();
  const canWrite = useCanWrite('production');

  return (
    <RecordPage
      query={query}
      backTo="/production-steps"
      backLabel="Étapes Production"
      notFoundText="Étape introuvable."
      loadErrorText="Impossible de charger l’étape."
      noun="cette étape"
      canWrite={canWrite}
      onArchive={(stepId) => archive.mutateAsync(stepId)}
      onRestore={(stepId) => restore.mutateAsync(stepId)}
    >
      {(s, form) => <ProductionStepForm step={s} readOnly={form.readOnly} onReload={form.onReload} />}
    </RecordPage>
  );
}
