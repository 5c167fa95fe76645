import type { DiamondImportRunStatus } from '@shared/schemas/diamond-feeds';
import { statusBadge } from '@/components/status-badge';

export const RUN_STATUS_LABELS: Readonly<Record<DiamondImportRunStatus, string>> = {
  running: 'En cours',
  succeeded: 'Réussi',
  failed: 'Échec',
};

/** The status of an import run: "En cours", "Réussi" or "Échec". */
export const RunStatusBadge = statusBadge<DiamondImportRunStatus>({
  labels: RUN_STATUS_LABELS,
  tones: { running: 'info', succeeded: 'success', failed: 'danger' },
  testId: 'run-status',
});
