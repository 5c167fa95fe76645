import { Download } from 'lucide-react';
import { rejectsCsvPath } from '../api/feeds-path';

/** The rejected rows of a run as a CSV file (Ligne;Motif;Données lues), downloaded by the browser. */
export function RejectsLink({
  feedId,
  runId,
  label = 'Télécharger les rejets (CSV)',
}: {
  feedId: string;
  runId: string;
  label?: string;
}) {
  return (
    <a
      href={rejectsCsvPath(feedId, runId)}
      download
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
