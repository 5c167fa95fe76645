import { PageHeader } from '@/components/form/page-header';
import { StoneForm } from './stone-form';

export default function StoneNewPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader title="Nouvel article" description="Les champs marqués d’un * sont obligatoires." />
      <StoneForm />
    </div>
  );
}
