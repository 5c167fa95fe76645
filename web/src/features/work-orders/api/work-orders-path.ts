import { itemKey } from '@/lib/resource-client';

export const WORK_ORDERS_PATH = '/api/work-orders';

/** `/api/work-orders/:id` and what hangs under it (`/steps`, `/metal`…). */
export const workOrderPath = (id: string, rest = '') => `${WORK_ORDERS_PATH}/${encodeURIComponent(id)}${rest}`;

/** The detail's cache entry (the shared item key: archive/restore/update invalidate it with the lists). */
export const workOrderKey = (id: string) => itemKey(WORK_ORDERS_PATH, id);

/** The job sheet PDF, opened in a new tab. */
export const jobSheetHref = (id: string) => workOrderPath(id, '/job-sheet.pdf');
