import { useParams } from 'react-router';
import { RecordPage } from '@/components/form/record-page';
import { useCanWrite } from '@/hooks/use-can-write';
import { useArchiveSupplier } from './api/archive-supplier';
import { useSupplier } from './api/get-supplier';
import { useRestoreSupplier } from './api/restore-supplier';
import { SupplierForm } from './supplier-form';

/** A supplier's sheet: the form (read-only without write access), archive/restore. */
export default function SupplierPage() {
  const { id } = useParams();
  const query = useSupplier(id);
  const archive = useArchiveSupplier();
  const restore = useRestoreSupplier();
  const canWrite = useCanWrite('catalog');

  return (
    <RecordPage
      query={query}
      backTo="/suppliers"
      backLabel="Ateliers & partenaires"
      notFoundText="Fournisseur introuvable."
      loadErrorText="Impossible de charger le fournisseur."
      noun="ce fournisseur"
      canWrite={canWrite}
      onArchive={(supplierId) => archive.mutateAsync(supplierId)}
      onRestore={(supplierId) => restore.mutateAsync(supplierId)}
    >
      {(s, form) => <SupplierForm supplier={s} readOnly={form.readOnly} onReload={form.onReload} />}
    </RecordPage>
  );
}
