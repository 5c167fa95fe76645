import type { ListResponse } from '@shared/schemas/lists';
import type { OrganizationUsage } from '@shared/schemas/superadmin';
import { useQuery } from '@tanstack/react-query';
import { MODULES } from '@shared/modules';
import { PageHeader } from '@/components/form/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiGet } from '@/lib/api-client';
import { cn } from '@/lib/class-merge';
import { ORGANIZATIONS_PATH, useOrganizationModules, useSetModule } from './superadmin-api';

function ModuleSwitch({
  checked,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  onChange: (v: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-input',
      )}
    >
      <span
        className={cn(
          'inline-block size-4 rounded-full bg-background shadow transition-transform',
          checked ? 'translate-x-4' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

function OrganizationRow({ organization }: { organization: OrganizationUsage }) {
  const modules = useOrganizationModules(organization.id);
  const setModule = useSetModule(organization.id);
  return (
    <tr className="border-b">
      <th scope="row" className="sticky left-0 bg-card px-3 py-2 text-left font-medium">
        {organization.name}
      </th>
      {MODULES.map((m) => {
        const state = modules.data?.modules.find((x) => x.key === m.key);
        return (
          <td key={m.key} className="px-3 py-2 text-center">
            {state ? (
              <ModuleSwitch
                checked={state.enabled}
                disabled={setModule.isPending}
                label={`${m.label} — ${organization.name}`}
                onChange={(enabled) =>
                  setModule.mutate(
                    { key: m.key, enabled },
                    {
                      onSuccess: () =>
                        toast({
                          title: enabled ? 'Module activé' : 'Module désactivé',
                          description: `${m.label} — ${organization.name}`,
                        }),
                      onError: (e) =>
                        toast({
                          title: 'Changement impossible',
                          description: e instanceof ApiError ? e.serverMessage : e.message,
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              />
            ) : (
              <Skeleton className="mx-auto h-5 w-9" />
            )}
          </td>
        );
      })}
    </tr>
  );
}

/** Superadmin — modules per organization: a switch per (organization, module). A turned-off module leaves the menu and answers 404. */
export default function ModulesPage() {
  const organizations = useQuery<ListResponse<OrganizationUsage>>({
    queryKey: [ORGANIZATIONS_PATH, 'modules-matrix'],
    queryFn: () => apiGet(`${ORGANIZATIONS_PATH}?pageSize=100`),
  });
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Modules"
        description="Activez ou désactivez chaque module par organisation. Un module désactivé disparaît du menu et ses écrans ne répondent plus."
      />
      {organizations.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>Impossible de charger les organisations.</p>
          <Button variant="outline" size="sm" onClick={() => void organizations.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !organizations.data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="overflow-x-auto rounded-lg border bg-card">
          <table className="w-full text-sm">
            <thead className="bg-muted/40">
              <tr className="border-b">
                <th scope="col" className="sticky left-0 bg-muted px-3 py-2 text-left font-medium">
                  Organisation
                </th>
                {MODULES.map((m) => (
                  <th
                    key={m.key}
                    scope="col"
                    className="px-3 py-2 text-center text-xs font-medium text-muted-foreground"
                  >
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {organizations.data.items.map((o) => (
                <OrganizationRow key={o.id} organization={o} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
