import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedUserAnswer } from '@shared/schemas/users';
import type {
  DataSourceTestResult,
  DataSourceView,
  ManualPricesInput,
  OrganizationModulesView,
  OrganizationUsage,
} from '@shared/schemas/superadmin';
import { ALLOY_PRICES_KEY } from '@/features/market/api/get-alloy-prices';
import { FX_KEY_ROOT } from '@/features/market/api/get-fx-rate';
import { SPOT_KEY_ROOT } from '@/features/market/api/get-spot-price';
import { apiGet, apiRequest } from '@/lib/api-client';

export const ORGANIZATIONS_PATH = '/api/superadmin/organizations';
export const DATA_SOURCES_PATH = '/api/superadmin/data-sources';

export interface CreateOrganizationInput {
  name: string;
  admin: { username: string; email: string; firstName: string; lastName: string; onboarding: string };
}
export interface CreatedOrganization {
  organization: OrganizationUsage;
  admin: CreatedUserAnswer;
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation<CreatedOrganization, Error, CreateOrganizationInput>({
    mutationFn: (input) => apiRequest('POST', ORGANIZATIONS_PATH, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_PATH] }),
  });
}

export function useOrganizationStatus() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationUsage, Error, { id: string; status: 'active' | 'suspended' }>({
    mutationFn: ({ id, status }) => apiRequest('POST', `${ORGANIZATIONS_PATH}/${id}/status`, { status }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_PATH] }),
  });
}

export function useOrganizationModules(id: string) {
  return useQuery<OrganizationModulesView>({
    queryKey: [ORGANIZATIONS_PATH, id, 'modules'],
    queryFn: () => apiGet(`${ORGANIZATIONS_PATH}/${id}/modules`),
  });
}

export function useSetModule(id: string) {
  const queryClient = useQueryClient();
  return useMutation<OrganizationModulesView, Error, { key: string; enabled: boolean }>({
    mutationFn: ({ key, enabled }) =>
      apiRequest('PUT', `${ORGANIZATIONS_PATH}/${id}/modules`, { modules: { [key]: enabled } }),
    onSuccess: (view) => {
      queryClient.setQueryData([ORGANIZATIONS_PATH, id, 'modules'], view);
      void queryClient.invalidateQueries({ queryKey: ['/api/me/context'] });
    },
  });
}

export function useDataSources() {
  return useQuery<DataSourceView[]>({ queryKey: [DATA_SOURCES_PATH] });
}

export function useSaveDataSource() {
  const queryClient = useQueryClient();
  return useMutation<DataSourceView, Error, { id: string | null; body: Record<string, unknown> }>({
    mutationFn: ({ id, body }) =>
      id ? apiRequest('PATCH', `${DATA_SOURCES_PATH}/${id}`, body) : apiRequest('POST', DATA_SOURCES_PATH, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [DATA_SOURCES_PATH] }),
  });
}

/**
 * PUT the prices typed in a `manual` source's grid (decimal strings with a dot); afterwards the sources and every
 * market read reload, so the header and the tickers show the new prices at once.
 */
export function useSaveManualPrices() {
  const queryClient = useQueryClient();
  return useMutation<DataSourceView, Error, { id: string; body: ManualPricesInput }>({
    mutationFn: ({ id, body }) => apiRequest('PUT', `${DATA_SOURCES_PATH}/${id}/prices`, body),
    onSuccess: (saved) => {
      // The card shows the saved prices the moment the grid closes, not after the list's reload.
      queryClient.setQueryData<DataSourceView[]>([DATA_SOURCES_PATH], (list) =>
        list?.map((source) => (source.id === saved.id ? saved : source)),
      );
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: [DATA_SOURCES_PATH] }),
        queryClient.invalidateQueries({ queryKey: [SPOT_KEY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: [FX_KEY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: ALLOY_PRICES_KEY }),
      ]);
    },
  });
}

export function useTestDataSource() {
  const queryClient = useQueryClient();
  return useMutation<DataSourceTestResult, Error, string>({
    mutationFn: (id) => apiRequest('POST', `${DATA_SOURCES_PATH}/${id}/test`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [DATA_SOURCES_PATH] }),
  });
}
