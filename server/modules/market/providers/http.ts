import { ProviderError } from './provider.types';

/** GET with a hard timeout; non-2xx, network errors and timeouts become short ProviderErrors. */
export async function httpGetText(
  url: string,
  options: { headers?: Record<string, string>; timeoutMs: number },
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: options.headers ?? {},
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(`Délai dépassé (${options.timeoutMs} ms)`);
    }
    throw new ProviderError('Erreur réseau');
  }
  if (!response.ok) {
    // Drain the body so the socket is released.
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(`HTTP ${response.status}`);
  }
  try {
    const text = await response.text();
    if (text.length > 1_000_000) throw new ProviderError('Réponse trop volumineuse');
    return text;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(`Délai dépassé (${options.timeoutMs} ms)`);
    }
    throw new ProviderError('Erreur réseau');
  }
}
