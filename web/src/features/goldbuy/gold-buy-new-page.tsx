import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { GoldBuyForm } from './gold-buy-form';
import { newFormValues } from './lib/gold-buy-form';

/**
 * `/goldbuy/new[?weight=12,5&fineness=750&metal=gold]`: a new purchase, its first item carried over from the
 * dashboard calculator when it opened the page. Nothing is created until "Enregistrer le brouillon".
 */
export default function GoldBuyNewPage() {
  const [params] = useSearchParams();
  const [initialValues] = useState(() => newFormValues(params));
  return <GoldBuyForm initialValues={initialValues} />;
}
