import { useId } from 'react';
import { PROJECT_PHOTOS_MAX } from '@shared/schemas/projects';
import { PhotoGallery } from '@/components/photos/photo-gallery';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteProjectPhoto, useProjectPhotos, useUploadProjectPhoto } from '../api/project-photos';

/** Sketches and photos of the project (stored like product photos); each upload is dated in the timeline. */
export function ProjectPhotosPanel({ projectId, canWrite }: { projectId: string; canWrite: boolean }) {
  const headingId = useId();
  const photos = useProjectPhotos(projectId);
  const upload = useUploadProjectPhoto(projectId);
  const remove = useDeleteProjectPhoto(projectId);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id={headingId} className="font-semibold">
        Croquis et photos
      </h2>
      {photos.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>Impossible de charger les photos.</p>
          <Button variant="outline" size="sm" onClick={() => void photos.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : !photos.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <PhotoGallery
          photos={photos.data}
          canWrite={canWrite}
          actions={{ upload, remove }}
          maxPhotos={PROJECT_PHOTOS_MAX}
          inputLabel="Croquis et photos du projet"
          emptyText="Aucun croquis ni photo pour ce projet."
          addLabel="Ajouter des croquis ou photos"
        />
      )}
    </section>
  );
}
