import { DEFAULT_PRODUCT_WORD_MENU, DEFAULT_PRODUCT_WORD_TOAST } from '@shared/constants';

export interface ProductWord {
  menu: string;
  toast: string;
}

/** The organization's product word from `organizations.settings.productWord`, else the defaults (DEFAULT_PRODUCT_WORD_MENU/_TOAST, shared/constants.ts). */
export function productWordFromSettings(settings: Record<string, unknown> | null | undefined): ProductWord {
  const raw = settings?.productWord;
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const pick = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
  return {
    menu: pick(value.menu, DEFAULT_PRODUCT_WORD_MENU),
    toast: pick(value.toast, DEFAULT_PRODUCT_WORD_TOAST),
  };
}
