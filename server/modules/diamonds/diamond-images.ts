import { placeholderSvg } from './diamond-placeholders';

export const PLACEHOLDER_PATH = '/api/diamonds/placeholder';

/**
 * Image URL of a stone: the feed's own image when it gave one, else the provider asset host template
 * (`{ref}` replaced by the URL-encoded ref), else the app's placeholder for the shape.
 */
export function diamondImageUrl(
  template: string,
  stone: { ref: string; shape: string; imageUrl?: string | null | undefined },
): string {
  if (stone.imageUrl) return stone.imageUrl;
  if (template) return template.split('{ref}').join(encodeURIComponent(stone.ref));
  const shape = placeholderSvg(stone.shape) ? stone.shape.toUpperCase() : 'ROUND';
  return `${PLACEHOLDER_PATH}/${shape}.svg`;
}
