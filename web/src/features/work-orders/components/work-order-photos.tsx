import { useId } from 'react';
import type { PhotoMeta } from '@shared/schemas/photos';

/** The project's sketches and photos, read-only on the order (served through the order for the workshop). */
export function WorkOrderPhotos({ photos }: { photos: PhotoMeta[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
      data-testid="work-order-photos"
    >
      <h2 id={headingId} className="font-semibold">
        Croquis et photos du projet
      </h2>
      <ul className="flex flex-wrap gap-3">
        {photos.map((photo) => (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noopener" className="block rounded-md focus-visible:ring-2">
              <img
                src={photo.url}
                alt={photo.filename}
                loading="lazy"
                className="size-28 rounded-md border object-cover sm:size-36"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
