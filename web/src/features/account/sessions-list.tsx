import { AlertTriangle, Monitor } from 'lucide-react';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAccountSessions, useEndOtherSessions, useEndSession } from './account-api';

function messageOf(error: Error): string {
  return error instanceof ApiError ? error.serverMessage : error.message;
}

/** A short "Chrome sur Linux"-like label of a user agent, or the raw text. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return 'Navigateur inconnu';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} sur ${os}`;
  return browser ?? os ?? ua.slice(0, 60);
}

/** My live sessions, the current one flagged; end one, or all the others. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();

  if (sessions.isLoading) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (sessions.isError || !sessions.data) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p className="flex items-center gap-2">
          <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
          Impossible de charger vos sessions.
        </p>
        <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
          Réessayer
        </Button>
      </div>
    );
  }
  const others = sessions.data.filter((s) => !s.current).length;

  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label="Mes sessions">
        {sessions.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
            <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                {describeUserAgent(s.userAgent)}
                {s.current && <Badge variant="secondary">Session actuelle</Badge>}
              </p>
              <p className="text-xs text-muted-foreground">
                Ouverte le {formatDateTime(s.createdAt)} — dernière activité le {formatDateTime(s.lastSeenAt)}
                {s.ip ? ` — ${s.ip}` : ''}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={endOne.isPending}
              onClick={() =>
                endOne.mutate(s.id, {
                  onSuccess: () => toast({ title: 'Session fermée', description: 'Cette session est terminée' }),
                  onError: (e) =>
                    toast({ title: 'Fermeture impossible', description: messageOf(e), variant: 'destructive' }),
                })
              }
            >
              {s.current ? 'Me déconnecter' : 'Fermer'}
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          variant="outline"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: (a) =>
                toast({ title: 'Sessions fermées', description: `${a.ended} autre(s) session(s) terminée(s)` }),
              onError: (e) =>
                toast({ title: 'Fermeture impossible', description: messageOf(e), variant: 'destructive' }),
            })
          }
        >
          Fermer toutes les autres sessions
        </Button>
      </div>
    </div>
  );
}
