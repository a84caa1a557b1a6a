import { useSyncExternalStore, type ButtonHTMLAttributes, type ReactNode } from "react";

const subscribe = () => () => {};

/** False on the server and during hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Renders `children` only after hydration; the server and first paint show `fallback`. */
export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children() : fallback;
}

/**
 * A button that only works with JavaScript. The server renders it too, invisible and disabled
 * until the page is interactive (and for good without JavaScript), so its arrival moves nothing
 * below it: a control that shifts while the page hydrates takes a press meant for another
 * (docs/architecture.md#forms).
 */
export function ScriptButton({ className, disabled, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={hydrated ? className : `${className ?? ""} awaiting-script`}
      disabled={!hydrated || disabled}
      {...props}
    />
  );
}
