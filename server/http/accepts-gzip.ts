/**
 * Whether an `Accept-Encoding` header allows a gzip answer (RFC 9110 §12.5.3): a `gzip` or `*`
 * entry whose q-value is not 0. Browsers always send it; test clients and scripts often do not.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzip: boolean | undefined;
  let any: boolean | undefined;
  for (const part of value.split(',')) {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') gzip = allowed;
    else if (coding === '*') any = allowed;
  }
  return gzip ?? any ?? false;
}
