import { useId } from 'react';
import { Plus } from 'lucide-react';

const MAX_SHOWN = 12;

/** The organization's tags the field does not hold yet: one click adds one, in its one spelling. */
export function TagSuggestions({ tags, onAdd }: { tags: readonly string[]; onAdd: (tag: string) => void }) {
  const labelId = useId();
  if (tags.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <p id={labelId} className="text-xs text-muted-foreground">
        Déjà utilisées :
      </p>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
        {tags.slice(0, MAX_SHOWN).map((tag) => (
          <button
            key={tag}
            type="button"
            className="inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={`Ajouter l’étiquette ${tag}`}
            onClick={() => onAdd(tag)}
          >
            <Plus className="size-3" aria-hidden="true" />
            {tag}
          </button>
        ))}
      </div>
    </div>
  );
}
