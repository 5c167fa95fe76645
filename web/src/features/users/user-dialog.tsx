import { useState } from 'react';
import { useLocation } from 'react-router';
import { CONFLICT_MESSAGE } from '@shared/schemas/lists';
import { userRoleFormSchema, type UserRoleFormInput, type UserSummary } from '@shared/schemas/users';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { FormField, nativeControlClass } from '@/components/form/form-field';
import { useRecordForm } from '@/components/form/use-record-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiGet } from '@/lib/api-client';
import { formatDateTime } from '@/features/admin-shared/format-date';
import { grantableRoles } from './role-options';
import { absoluteUrl, SecretReveal } from './secret-reveal';
import { useUpdateUser, useUserAction, type InvitationAnswer, type ResetPasswordAnswer, USERS_PATH } from './users-api';

function failure(title: string) {
  return (error: Error) =>
    toast({
      title,
      description: error instanceof ApiError ? error.serverMessage : error.message,
      variant: 'destructive',
    });
}

type Pending = 'deactivate' | 'reactivate' | 'reset' | null;

/**
 * One user's sheet: role change, deactivate / reactivate, password reset, new invitation link. The role is a record
 * form (use-record-form.ts, no draft): saved with the user's version, a 409 offers "Recharger"; the actions
 * refresh the user shown, and the role form follows it while its select is untouched.
 */
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
  const { pathname } = useLocation();
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

  const { form, onSubmit } = useRecordForm({
    schema: userRoleFormSchema,
    record: current,
    toValues: (u?: UserSummary) => ({ role: (u ?? current).role }),
    onReload: async () => {
      const fresh = await apiGet<UserSummary>(`${USERS_PATH}/${user.id}`);
      setCurrent(fresh);
      return fresh;
    },
    followRecord: true,
    draft: false,
    failureTitle: 'Changement de rôle impossible',
    // The other 409 (the last active administrator) is a refusal shown with its message.
    staleConflict: (error) => error.serverMessage === CONFLICT_MESSAGE,
    save: async (input: UserRoleFormInput, version) => {
      const u = await update.mutateAsync({ role: input.role, version });
      setCurrent(u);
      // The dialog stays open on the users page.
      return {
        title: 'Rôle modifié',
        description: `${u.username} est maintenant ${u.roleLabel}`,
        to: pathname,
        record: u,
      };
    },
  });
  const role = form.watch('role');
  const { errors, isSubmitting } = form.formState;

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
            <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-wrap items-end gap-2">
              <FormField label="Rôle" className="min-w-48 flex-1" error={errors.role?.message}>
                <select className={nativeControlClass} {...form.register('role')}>
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
              <Button type="submit" disabled={role === current.role || isSubmitting}>
                Changer le rôle
              </Button>
            </form>
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
