import { SELECT_CLASS } from '@/components/form/field-classes';
import { useClientProjects } from '../api/pickers';

/** The quote's project, among the chosen client's projects (none to choose before a client is). */
export function ProjectPicker({
  id,
  clientId,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  clientId: string;
  value: string;
  onChange: (id: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const projects = useClientProjects(clientId);
  const items = projects.data?.items ?? [];
  const listed = items.some((p) => p.id === value);
  const placeholder = !clientId
    ? 'Choisissez d’abord un client'
    : projects.isPending
      ? 'Chargement…'
      : projects.isError
        ? 'Projets indisponibles'
        : !projects.available
          ? 'Module Projets indisponible'
          : items.length === 0
            ? 'Aucun projet pour ce client'
            : 'Aucun projet';
  return (
    <select
      id={id}
      className={SELECT_CLASS}
      value={value}
      disabled={!clientId && !value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{placeholder}</option>
      {value && !listed && <option value={value}>Projet choisi</option>}
      {items.map((p) => (
        <option key={p.id} value={p.id}>
          {p.title}
        </option>
      ))}
    </select>
  );
}
