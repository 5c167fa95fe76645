import { useId, useState } from 'react';
import { Info } from 'lucide-react';
import {
  CASH_PAYMENT_IMPOSSIBLE_REASON,
  formatIban,
  GOLD_BUY_PAYMENT_METHOD_LABELS,
  GOLD_BUY_PAYMENT_METHODS,
  ibanIsValid,
  normalizeIban,
  type GoldBuyPaymentMethod,
} from '@shared/gold-buy-rules';
import { formatEuro } from '@shared/format';
import type { GoldBuyDetail } from '@shared/schemas/gold-buys';
import { FormField } from '@/components/form/form-field';
import { saveErrorMessages } from '@/components/form/save-errors';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { isUnauthenticated } from '@/lib/api-client';
import { useValidateGoldBuy } from '../api/gold-buys-api';

/** The fields the dialog shows its errors under; the others (the seller's identity…) are listed above its buttons. */
const SHOWN_FIELDS: ReadonlySet<string> = new Set([
  'signedPlace',
  'paymentMethod',
  'iban',
  'accountInSellerName',
  'chequeNumber',
]);

/**
 * "Valider (signer le contrat)": the place of signature and how the seller is paid, by transfer to an account in
 * their name (IBAN checked as it is typed) or by crossed cheque; never cash, and the dialog says why.
 */
export function ValidateDialog({
  goldBuy,
  open,
  onOpenChange,
}: {
  goldBuy: GoldBuyDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const validate = useValidateGoldBuy(goldBuy.id);
  const [place, setPlace] = useState('');
  const [method, setMethod] = useState<GoldBuyPaymentMethod>('transfer');
  const [iban, setIban] = useState('');
  const [inSellerName, setInSellerName] = useState(false);
  const [chequeNumber, setChequeNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ibanTyped = normalizeIban(iban);
  const ibanOk = ibanTyped !== '' && ibanIsValid(ibanTyped);
  const ibanError =
    errors.iban ?? (ibanTyped.length >= 15 && !ibanOk ? 'IBAN invalide (clé de contrôle ou longueur)' : undefined);

  const submit = async () => {
    try {
      const signed = await validate.mutateAsync({
        version: goldBuy.version,
        signedPlace: place,
        paymentMethod: method,
        iban: method === 'transfer' ? ibanTyped : '',
        accountInSellerName: method === 'transfer' ? inSellerName : false,
        chequeNumber: method === 'cheque' ? chequeNumber : '',
      });
      toast({ title: 'Contrat signé', description: signed.number ?? undefined });
      onOpenChange(false);
    } catch (error) {
      if (isUnauthenticated(error)) return;
      setErrors(saveErrorMessages(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (validate.isPending ? undefined : onOpenChange(o))}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" data-testid="validate-dialog">
        <DialogHeader>
          <DialogTitle>Valider l’achat (signer le contrat)</DialogTitle>
          <DialogDescription>
            Le contrat reçoit son numéro, les cours sont figés et le délai de rétractation de 48 heures commence. Net
            versé au vendeur : {formatEuro(goldBuy.netPaid)}.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormField label="Lieu de signature" required error={errors.signedPlace}>
            <Input value={place} onChange={(e) => setPlace(e.target.value)} autoComplete="address-level2" />
          </FormField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Mode de paiement</legend>
            {GOLD_BUY_PAYMENT_METHODS.map((m) => (
              <label key={m} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-method`}
                  className="size-4"
                  checked={method === m}
                  onChange={() => setMethod(m)}
                />
                {GOLD_BUY_PAYMENT_METHOD_LABELS[m]}
              </label>
            ))}
            {errors.paymentMethod ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {errors.paymentMethod}
              </p>
            ) : null}
            <p className="flex gap-2 rounded-md bg-muted p-2 text-xs text-muted-foreground" data-testid="cash-reason">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {CASH_PAYMENT_IMPOSSIBLE_REASON}
            </p>
          </fieldset>
          {method === 'transfer' ? (
            <>
              <FormField
                label="IBAN du vendeur"
                required
                error={ibanError}
                description={ibanOk ? `IBAN valide : ${formatIban(ibanTyped)}` : undefined}
              >
                <Input
                  value={iban}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => setIban(e.target.value)}
                  onBlur={() => {
                    if (ibanTyped) setIban(formatIban(ibanTyped));
                  }}
                  placeholder="FR76 …"
                />
              </FormField>
              <div className="flex flex-col gap-1">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={inSellerName}
                    onChange={(e) => setInSellerName(e.target.checked)}
                  />
                  Le compte est au nom du vendeur
                </label>
                {errors.accountInSellerName ? (
                  <p role="alert" className="text-xs font-medium text-destructive">
                    {errors.accountInSellerName}
                  </p>
                ) : null}
              </div>
            </>
          ) : (
            <FormField label="Numéro du chèque" error={errors.chequeNumber}>
              <Input value={chequeNumber} onChange={(e) => setChequeNumber(e.target.value)} autoComplete="off" />
            </FormField>
          )}
          {Object.entries(errors)
            .filter(([key]) => !SHOWN_FIELDS.has(key))
            .map(([key, message]) => (
              <p key={key} role="alert" className="text-xs font-medium text-destructive">
                {message}
              </p>
            ))}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={validate.isPending} onClick={() => onOpenChange(false)}>
              Annuler
            </Button>
            <Button type="submit" disabled={validate.isPending}>
              {validate.isPending ? 'Signature…' : 'Signer le contrat'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
