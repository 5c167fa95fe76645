import { logLevelLabel } from '@shared/schemas/journal';
import { Badge } from '@/components/ui/badge';

/** A journal level in French ("Erreur", "Avertissement", "Information", "Débogage"), coloured by severity. */
export function LevelBadge({ level }: { level: string }) {
  return (
    <Badge variant={level === 'error' ? 'destructive' : level === 'warn' ? 'outline' : 'secondary'}>
      {logLevelLabel(level)}
    </Badge>
  );
}
