import { useSyncExternalStore, type ReactNode } from "react";

const subscribe = () => () => {};

/** Renders `children` only after hydration; the server and first paint show `fallback`. */
export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return hydrated ? children() : fallback;
}
