import { useState } from 'react';
import { ROLES } from '@shared/constants';
import type { UserSummary } from '@shared/schemas/users';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { FormField, nativeControlClass } from '@/components/form/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { grantableRoles } from './role-options';
import { absoluteUrl, SecretReveal } from './secret-reveal';
import { useUpdateUser, useUserAction, type InvitationAnswer, type ResetPasswordAnswer } from './users-api';

function failure(title: string) {
  return (error: Error) =>
    toast({
      title,
      description: error instanceof ApiError ? error.serverMessage : error.message,
      variant: 'destructive',
    });
}

type Pending = 'deactivate' | 'reactivate' | 'reset' | null;

/** One user's sheet: role change, deactivate / reactivate, password reset, new invitation link. */
export function UserDialog({
  user,
  canWrite,
  actorRole,
  actorId,
  onClose,
}: {
  user: UserSummary;
  canWrite: boolean;
  actorRole: string;
  actorId: string;
  onClose: () => void;
}) {
  const [role, setRole] = useState(user.role);
  const [confirming, setConfirming] = useState<Pending>(null);
  const [secret, setSecret] = useState<{ label: string; value: string; hint: string } | null>(null);
  const [current, setCurrent] = useState(user);
  const update = useUpdateUser(user.id);
  const deactivate = useUserAction<UserSummary>(user.id, 'deactivate');
  const reactivate = useUserAction<UserSummary>(user.id, 'reactivate');
  const reset = useUserAction<ResetPasswordAnswer>(user.id, 'reset-password');
  const invite = useUserAction<InvitationAnswer>(user.id, 'invitation');
  const self = user.id === actorId;
  const editable = canWrite && (current.role !== 'superadmin' || actorRole === 'superadmin');
  const roles = grantableRoles(actorRole);

  const saveRole = () => {
    const nextRole = ROLES.find((r) => r === role);
    if (!nextRole) return;
    update.mutate(
      { role: nextRole },
      {
        onSuccess: (u) => {
          setCurrent(u);
          toast({ title: 'Rôle modifié', description: `${u.username} est maintenant ${u.roleLabel}` });
        },
        onError: (e) => {
          setRole(current.role);
          failure('Changement de rôle impossible')(e);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {current.firstName} {current.lastName}
          </DialogTitle>
          <DialogDescription>
            {current.username} — {current.email}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{current.roleLabel}</Badge>
          {current.active ? <Badge variant="outline">Actif</Badge> : <Badge variant="destructive">Désactivé</Badge>}
          {current.invitationPending && <Badge variant="outline">Invitation en attente</Badge>}
          {current.mustChangePassword && <Badge variant="outline">Mot de passe à changer</Badge>}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Dernière connexion</dt>
          <dd>{current.lastLoginAt ? formatDateTime(current.lastLoginAt) : 'Jamais'}</dd>
          <dt className="text-muted-foreground">Créé le</dt>
          <dd>{formatDateTime(current.createdAt)}</dd>
        </dl>

        {secret && <SecretReveal {...secret} />}

        {editable && !secret && (
          <div className="grid gap-4 border-t pt-4">
            <div className="flex flex-wrap items-end gap-2">
              <FormField label="Rôle" className="min-w-48 flex-1">
                <select className={nativeControlClass} value={role} onChange={(e) => setRole(e.target.value)}>
                  {roles.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                  {!roles.some((r) => r.value === current.role) && (
                    <option value={current.role}>{current.roleLabel}</option>
                  )}
                </select>
              </FormField>
              <Button onClick={saveRole} disabled={role === current.role || update.isPending}>
                Changer le rôle
              </Button>
            </div>
            <div className="flex flex-wrap gap-2">
              {current.invitationPending ? (
                <Button
                  variant="outline"
                  disabled={invite.isPending}
                  onClick={() =>
                    invite.mutate(undefined, {
                      onSuccess: (a) => {
                        setCurrent(a.user);
                        setSecret({
                          label: "Nouveau lien d'invitation",
                          value: absoluteUrl(a.invitation.url),
                          hint: "L'ancien lien ne fonctionne plus.",
                        });
                      },
                      onError: failure('Invitation impossible'),
                    })
                  }
                >
                  Nouveau lien d&apos;invitation
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setConfirming('reset')}>
                  Réinitialiser le mot de passe
                </Button>
              )}
              {current.active ? (
                !self && (
                  <Button variant="destructive" onClick={() => setConfirming('deactivate')}>
                    Désactiver
                  </Button>
                )
              ) : (
                <Button variant="outline" onClick={() => setConfirming('reactivate')}>
                  Réactiver
                </Button>
              )}
            </div>
          </div>
        )}

        <ConfirmDialog
          open={confirming === 'deactivate'}
          title={`Désactiver ${current.username} ?`}
          description="Le compte ne pourra plus se connecter et toutes ses sessions ouvertes se terminent immédiatement. Son historique est conservé ; vous pourrez le réactiver."
          confirmLabel="Désactiver"
          destructive
          onOpenChange={(o) => !o && setConfirming(null)}
          onConfirm={() =>
            deactivate.mutateAsync().then(
              (u) => {
                setCurrent(u);
                setConfirming(null);
                toast({ title: 'Utilisateur désactivé', description: `${u.username} ne peut plus se connecter` });
              },
              (e: Error) => {
                setConfirming(null);
                failure('Désactivation impossible')(e);
              },
            )
          }
        />
        <ConfirmDialog
          open={confirming === 'reactivate'}
          title={`Réactiver ${current.username} ?`}
          description="Le compte pourra de nouveau se connecter avec son mot de passe."
          confirmLabel="Réactiver"
          onOpenChange={(o) => !o && setConfirming(null)}
          onConfirm={() =>
            reactivate.mutateAsync().then(
              (u) => {
                setCurrent(u);
                setConfirming(null);
                toast({ title: 'Utilisateur réactivé', description: `${u.username} peut de nouveau se connecter` });
              },
              (e: Error) => {
                setConfirming(null);
                failure('Réactivation impossible')(e);
              },
            )
          }
        />
        <ConfirmDialog
          open={confirming === 'reset'}
          title={`Réinitialiser le mot de passe de ${current.username} ?`}
          description="Un mot de passe temporaire remplace l'actuel, toutes ses sessions se terminent et il devra le changer à sa prochaine connexion."
          confirmLabel="Réinitialiser"
          destructive
          onOpenChange={(o) => !o && setConfirming(null)}
          onConfirm={() =>
            reset.mutateAsync().then(
              (a) => {
                setCurrent(a.user);
                setConfirming(null);
                setSecret({
                  label: 'Mot de passe temporaire',
                  value: a.temporaryPassword,
                  hint: 'Il devra le changer à sa prochaine connexion.',
                });
              },
              (e: Error) => {
                setConfirming(null);
                failure('Réinitialisation impossible')(e);
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}
