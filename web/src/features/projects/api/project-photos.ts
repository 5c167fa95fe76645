import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoMeta, PhotoUploadInput } from '@shared/schemas/photos';
import { apiGet, apiRequest } from '@/lib/api-client';
import { PROJECTS_PATH } from './projects-path';
import { timelineKey } from './project-timeline';

const photosKey = (id: string) => [PROJECTS_PATH, 'photos', id] as const;
const photosPath = (id: string) => `${PROJECTS_PATH}/${encodeURIComponent(id)}/photos`;

/** GET /api/projects/:id/photos */
export function useProjectPhotos(id: string) {
  return useQuery({
    queryKey: photosKey(id),
    queryFn: () => apiGet<{ items: PhotoMeta[] }>(photosPath(id)),
    select: (answer) => answer.items,
  });
}

/** Photos and timeline reload after a change (an upload is a timeline entry). */
function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: photosKey(id) }),
      queryClient.invalidateQueries({ queryKey: timelineKey(id) }),
    ]);
}

/** POST /api/projects/:id/photos (JSON, base64). */
export function useUploadProjectPhoto(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (upload: PhotoUploadInput) => apiRequest<PhotoMeta>('POST', photosPath(id), upload),
    onSuccess: refresh,
  });
}

/** DELETE /api/projects/:id/photos/:photoId */
export function useDeleteProjectPhoto(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (photoId: string) => apiRequest<void>('DELETE', `${photosPath(id)}/${encodeURIComponent(photoId)}`),
    onSuccess: refresh,
  });
}
