import { useEffect, useState } from 'react';
import { passwordStrength, type PasswordStrength } from '@shared/password-policy';
import { cn } from '@/lib/class-merge';
import { loadCommonPasswords } from '../common-passwords';

/**
 * The strength of a password being chosen (shared/password-policy.ts): the heuristic at once, and the common-password
 * check as soon as the list, downloaded on the first character typed, is there. Null while the field is empty.
 */
export function usePasswordStrength(password: string, username = ''): PasswordStrength | null {
  const [common, setCommon] = useState<ReadonlySet<string> | null>(null);
  const typing = password !== '';
  useEffect(() => {
    if (!typing || common) return;
    let live = true;
    loadCommonPasswords().then(
      (set) => {
        if (live) setCommon(set);
      },
      () => undefined, // offline: the server still checks on submit
    );
    return () => {
      live = false;
    };
  }, [typing, common]);
  if (!typing) return null;
  return passwordStrength(password, { username, ...(common ? { isCommon: (c: string) => common.has(c) } : {}) });
}

const BAR_COLOURS = ['bg-destructive', 'bg-destructive', 'bg-amber-500', 'bg-success', 'bg-success'] as const;

interface PasswordStrengthMeterProps {
  password: string;
  username?: string | undefined;
}

/**
 * Four bars and a French label read out politely as it changes (the label, not the colour, carries the meaning).
 * Give it as FormField's `description` so the input is described by it.
 */
export function PasswordStrengthMeter({ password, username }: PasswordStrengthMeterProps) {
  const strength = usePasswordStrength(password, username);
  return (
    <div className="grid gap-1">
      {strength && (
        <div className="grid grid-cols-4 gap-1" aria-hidden="true">
          {[1, 2, 3, 4].map((step) => (
            <span
              key={step}
              className={cn(
                'h-1 rounded-full',
                step <= Math.max(strength.score, 1) ? BAR_COLOURS[strength.score] : 'bg-border',
              )}
            />
          ))}
        </div>
      )}
      <p aria-live="polite" className="text-xs text-muted-foreground">
        {strength && (
          <>
            Robustesse : <span className="font-medium text-foreground">{strength.label}</span>
            {strength.problem && <> — {strength.problem}</>}
          </>
        )}
      </p>
    </div>
  );
}
