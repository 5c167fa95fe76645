import { lazy, type ComponentType } from 'react';

/** A lazily loaded screen that can be asked to load before it renders. */
export type LazyScreen<P extends object = object> = ComponentType<P> & {
  /** Starts the download (once); resolves when the module is there. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` with a `preload()`. A screen whose module finished loading before it renders shows at once,
 * without suspending: no fallback, and no wait for React's Suspense reveal throttle. main.tsx preloads the
 * chunks the first screen needs (app/routes.tsx, `preloadScreensOf`) as soon as the session answers, all at once,
 * instead of discovering them one after the other as each lazy parent renders.
 */
export function lazyScreen<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Suspending = lazy(preload);
  // `loaded` is set before React retries a suspended `Suspending` (this `then` comes first), so a mounted screen is
  // always the loaded component itself: the element type never changes under it.
  function Screen(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  return Object.assign(Screen, { preload });
}
