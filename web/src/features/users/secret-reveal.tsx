import { useState } from 'react';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/**
 * A secret (temporary password, invitation link) the server shows once: the value, a copy button and a clear
 * warning that it will not be shown again.
 */
export function SecretReveal({ label, value, hint }: { label: string; value: string; hint: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({
        title: 'Copie impossible',
        description: 'Sélectionnez le texte et copiez-le à la main',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-3" data-testid="secret-reveal">
      <div
        className="flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
        role="alert"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <p>
          <strong>Affiché une seule fois.</strong> Copiez-le maintenant et transmettez-le à la personne par un moyen sûr
          : il ne pourra plus être affiché. {hint}
        </p>
      </div>
      <p className="text-sm font-medium">{label}</p>
      <div className="flex items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm"
          data-testid="secret-value"
        >
          {value}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copier : ${label}`}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copié' : 'Copier'}
        </Button>
      </div>
    </div>
  );
}

/** The absolute link of an invitation (the server gives a path or a URL). */
export function absoluteUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${window.location.origin}${url.startsWith('/') ? '' : '/'}${url}`;
}
