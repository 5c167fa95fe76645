/** The supplier feeds of the organization (area admin of the matrix, module diamonds). */
export const FEEDS_PATH = '/api/diamonds/feeds';

export const feedPath = (id: string): string => `${FEEDS_PATH}/${encodeURIComponent(id)}`;

/** Query keys: every feed query starts with FEEDS_PATH, so one invalidation refreshes them all. */
export const feedKeys = {
  list: () => [FEEDS_PATH] as const,
  item: (id: string) => [FEEDS_PATH, 'item', id] as const,
  runs: (id: string) => [FEEDS_PATH, 'runs', id] as const,
};

/** The rejected rows of a run, as a CSV file (`Ligne;Motif;Données lues`). */
export const rejectsCsvPath = (feedId: string, runId: string): string =>
  `${feedPath(feedId)}/runs/${encodeURIComponent(runId)}/rejects.csv`;
