import type { DiamondFeedView } from '@shared/schemas/diamond-feeds';

/** "Fichier CSV", "Adresse web · JSON": where a feed's stones come from, in a few words. */
export function feedKindLabel(feed: Pick<DiamondFeedView, 'kind' | 'format'>): string {
  const format = feed.format === 'json' ? 'JSON' : 'CSV';
  return feed.kind === 'url' ? `Adresse web · ${format}` : `Fichier ${format}`;
}
