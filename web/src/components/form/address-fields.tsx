import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { FormField } from './form-field';

export type AddressField = 'addressLine1' | 'addressLine2' | 'postalCode' | 'city' | 'country';

const ADDRESS_FIELDS: ReadonlyArray<{ name: AddressField; label: string }> = [
  { name: 'addressLine1', label: 'Adresse' },
  { name: 'addressLine2', label: 'Complément d’adresse' },
  { name: 'postalCode', label: 'Code postal' },
  { name: 'city', label: 'Ville' },
  { name: 'country', label: 'Pays' },
];

/** The postal address block shared by the client and supplier forms (same field names in both schemas). */
export function AddressFields({
  registerField,
  errorOf,
}: {
  registerField: (name: AddressField) => UseFormRegisterReturn;
  errorOf: (name: AddressField) => string | undefined;
}) {
  return (
    <>
      {ADDRESS_FIELDS.map(({ name, label }) => (
        <FormField key={name} label={label} error={errorOf(name)}>
          <Input autoComplete="off" {...registerField(name)} />
        </FormField>
      ))}
    </>
  );
}
