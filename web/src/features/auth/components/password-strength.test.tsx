import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { PasswordStrengthMeter } from './password-strength';

// Server rendering runs no effect: the common-password list is not loaded, the heuristic alone answers.
describe('PasswordStrengthMeter', () => {
  it('says the strength in words in a polite live region, the bars hidden from assistive technologies', () => {
    const html = renderToStaticMarkup(<PasswordStrengthMeter password="Bijoux2024" />);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('Robustesse : <span class="font-medium text-foreground">Moyen</span>');
    expect(html).toContain('aria-hidden="true"');
  });

  it('gives the reason when the policy refuses the password, and nothing while the field is empty', () => {
    const html = renderToStaticMarkup(<PasswordStrengthMeter password="jdupont2024" username="jdupont" />);
    expect(html).toContain('Très faible');
    expect(html).toContain('Le mot de passe ne doit pas être votre nom d&#x27;utilisateur');
    expect(renderToStaticMarkup(<PasswordStrengthMeter password="" />)).toBe(
      '<div class="grid gap-1"><p aria-live="polite" class="text-xs text-muted-foreground"></p></div>',
    );
  });

  it('is tied to the input by FormField, with the error', () => {
    const html = renderToStaticMarkup(
      <FormField id="pw" label="Mot de passe" error="Refusé" description={<PasswordStrengthMeter password="x" />}>
        <Input type="password" />
      </FormField>,
    );
    expect(html).toContain('aria-describedby="pw-description pw-error"');
    expect(html).toContain('<div id="pw-description"');
  });
});
