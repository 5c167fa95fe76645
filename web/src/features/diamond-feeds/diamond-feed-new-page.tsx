import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '@/components/form/page-header';
import { DiamondFeedForm } from './diamond-feed-form';

export default function DiamondFeedNewPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Link
        to="/diamonds/feeds"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Flux fournisseurs
      </Link>
      <PageHeader
        title="Nouveau flux fournisseur"
        description="Les champs marqués d’un * sont obligatoires. Le stock s’importe une fois le flux créé."
      />
      <DiamondFeedForm />
    </div>
  );
}
