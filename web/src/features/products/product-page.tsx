import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useProduct } from './api/products-api';
import { ProductSheet } from './components/product-sheet';

/** `/products/:slug`: the product sheet (composition, live price, snapshots, photos). */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);

  if (product.isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Chargement de la fiche">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (product.isError) {
    const notFound = product.error instanceof ApiError && product.error.status === 404;
    return (
      <Card>
        <CardContent className="space-y-3 p-6">
          <h1 className="text-lg font-semibold">{notFound ? 'Fiche introuvable' : 'Impossible de charger la fiche'}</h1>
          <p className="text-sm text-muted-foreground">
            {notFound
              ? "Cette fiche produit n'existe pas ou n'appartient pas à votre organisation."
              : product.error instanceof ApiError
                ? product.error.serverMessage
                : 'Une erreur est survenue.'}
          </p>
          <div className="flex gap-2">
            {!notFound && (
              <Button type="button" onClick={() => void product.refetch()}>
                Réessayer
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to="/products">
                <ArrowLeft aria-hidden="true" />
                Retour aux fiches produits
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  return <ProductSheet key={product.data.id} product={product.data} />;
}
