import { formatMoney } from '@shared/format';
import type { Stone } from '@shared/schemas/stones';

/** The unit cost in its currency; a USD cost also shows its EUR value at the live rate. */
export function StoneCost({ stone }: { stone: Pick<Stone, 'unitCost' | 'currency' | 'unitCostEur'> }) {
  if (stone.unitCost === null) return <span className="text-muted-foreground">—</span>;
  if (stone.currency === 'EUR') return <span className="tabular-nums">{formatMoney(stone.unitCost, 'EUR')}</span>;
  return (
    <span className="flex flex-col tabular-nums">
      <span>{formatMoney(stone.unitCost, 'USD')}</span>
      <span className="text-xs text-muted-foreground" title="Au cours USD/EUR du moment">
        {stone.unitCostEur === null ? 'Cours USD/EUR indisponible' : `≈ ${formatMoney(stone.unitCostEur, 'EUR')}`}
      </span>
    </span>
  );
}
