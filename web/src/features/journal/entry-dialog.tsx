import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { logSourceLabel } from '@shared/schemas/journal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { useJournalEntry } from './journal-api';
import { LevelBadge } from './level-badge';

function CopyBlock({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium">{label}</p>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copier : ${label}`}
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copié' : 'Copier'}
        </Button>
      </div>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted p-3 font-mono text-xs">
        {text}
      </pre>
    </div>
  );
}

/** One journal entry with its stack and context. */
export function EntryDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const entry = useJournalEntry(id);
  const e = entry.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Entrée n° {id}</DialogTitle>
          <DialogDescription>
            {e ? `${formatDateTime(e.createdAt)} — ${logSourceLabel(e.source)}` : 'Chargement...'}
          </DialogDescription>
        </DialogHeader>
        {entry.isError && <p role="alert">Impossible de charger cette entrée.</p>}
        {!e && !entry.isError && <Skeleton className="h-40 w-full" />}
        {e && (
          <div className="grid gap-4">
            <div className="flex flex-wrap gap-2">
              <LevelBadge level={e.level} />
              {e.username && <Badge variant="outline">{e.username}</Badge>}
              {e.ip && <Badge variant="outline">{e.ip}</Badge>}
            </div>
            <p className="text-sm [overflow-wrap:anywhere]">{e.message}</p>
            {e.userAgent && <p className="break-all text-xs text-muted-foreground">{e.userAgent}</p>}
            {e.stack && <CopyBlock label="Pile d'appels" text={e.stack} />}
            {e.context && <CopyBlock label="Contexte" text={JSON.stringify(e.context, null, 2)} />}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
