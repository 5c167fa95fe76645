import { useParams } from 'react-router';
import { RecordPage } from '@/components/form/record-page';
import { Badge } from '@/components/ui/badge';
import { useCanWrite } from '@/hooks/use-can-write';
import { useArchiveStone } from './api/archive-stone';
import { useStone } from './api/get-stone';
import { useRestoreStone } from './api/restore-stone';
import { StockMovementsPanel } from './components/stock-movements-panel';
import { StoneForm } from './stone-form';

/** A stone or component sheet: its stock movements, the form (read-only without write access), archive/restore. */
export default function StonePage() {
  const { id } = useParams();
  const query = useStone(id);
  const archive = useArchiveStone();
  const restore = useRestoreStone();
  const canWrite = useCanWrite('catalog');

  return (
    <RecordPage
      query={query}
      backTo="/stones"
      backLabel="Pierres & Composants"
      notFoundText="Article introuvable."
      loadErrorText="Impossible de charger l’article."
      noun="cet article"
      canWrite={canWrite}
      onArchive={(stoneId) => archive.mutateAsync(stoneId)}
      onRestore={(stoneId) => restore.mutateAsync(stoneId)}
      badge={(s) => (s.lowStock ? <Badge variant="destructive">Stock bas</Badge> : undefined)}
    >
      {(s, form) => (
        <div className="flex flex-col gap-4">
          <StockMovementsPanel stone={s} canWrite={canWrite} />
          <StoneForm stone={s} readOnly={form.readOnly} onReload={form.onReload} />
        </div>
      )}
    </RecordPage>
  );
}
