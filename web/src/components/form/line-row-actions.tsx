import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The header buttons of line `index` of an ordered list of `count` lines (a sheet's composition, a quote's lines):
 * move up, move down, remove, each named for screen readers ("Monter la ligne 2").
 */
export function LineRowActions({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="flex gap-1">
      <LineAction
        label={`Monter la ligne ${index + 1}`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden="true" />
      </LineAction>
      <LineAction
        label={`Descendre la ligne ${index + 1}`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden="true" />
      </LineAction>
      <LineAction label={`Retirer la ligne ${index + 1}`} onClick={() => onRemove(index)}>
        <Trash2 aria-hidden="true" />
      </LineAction>
    </div>
  );
}

function LineAction({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button type="button" size="icon" variant="ghost" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}
