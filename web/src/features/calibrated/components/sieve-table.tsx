import { formatNumber } from '@shared/format';
import { SIEVE_EQUIVALENCES } from '@shared/sieve';

/** Sieve equivalence table (shared/sieve.ts); the row holding the current diameter is highlighted. */
export function SieveTable({ mm }: { mm: number }) {
  return (
    <table className="w-full text-sm" data-testid="sieve-table">
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-2 font-medium">
            Tamis
          </th>
          <th scope="col" className="py-2 font-medium">
            Diamètre (mm)
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Poids / pierre
          </th>
        </tr>
      </thead>
      <tbody>
        {SIEVE_EQUIVALENCES.map((row) => {
          const current = mm >= Number(row.mmMin) && mm <= Number(row.mmMax);
          return (
            <tr
              key={row.sieve}
              className={current ? 'bg-accent font-semibold' : 'border-b last:border-0'}
              aria-current={current || undefined}
            >
              <td className="py-1.5">{row.sieve}</td>
              <td className="py-1.5 tabular-nums">
                {formatNumber(row.mmMin, 2)} – {formatNumber(row.mmMax, 2)}
              </td>
              <td className="py-1.5 text-right tabular-nums">{formatNumber(row.caratPerStone, 3)} ct</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
