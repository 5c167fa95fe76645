import { tagKey, uniqueTags } from '@shared/schemas/clients';

/** The tags of the form's text field ("VIP, mariage" or "VIP|mariage"), trimmed, empty ones dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(/[,|]/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * Tags in the organization's spelling ("vip" -> "VIP" when "VIP" exists), each once whatever its case:
 * what the server stores anyway (migration 0044), shown before saving.
 */
export function canonicalTags(tags: readonly string[], known: readonly string[]): string[] {
  const spelling = new Map(known.map((k) => [tagKey(k), k]));
  return uniqueTags(tags.map((t) => spelling.get(tagKey(t)) ?? t));
}

/** The field's text with its tags in the organization's spelling, once each. */
export function canonicalTagsText(text: string, known: readonly string[]): string {
  return canonicalTags(splitTags(text), known).join(', ');
}

/** Known tags the field does not hold yet, in their order (the suggestions under the field). */
export function missingTags(text: string, known: readonly string[]): string[] {
  const present = new Set(splitTags(text).map(tagKey));
  return known.filter((k) => !present.has(tagKey(k)));
}
