import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

/*
 * Links that cost what an <a> costs (docs/architecture.md#budgets, "Links"). Remix's <Link> and <NavLink> run
 * the router's hooks for every link on every render (resolving the path, prefetch state, the click
 * handler); the header's and footer's 19 links were a third of a layout-only page's server time.
 * A SiteLink is a plain anchor carrying `data-discover` (what Remix's lazy route discovery reads to
 * fetch the routes a page links to), and one listener on the document (`useSiteLinks`, in the root
 * layout) turns a plain click on such an anchor into a client-side navigation, as <Link> does.
 */

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** An in-app link: a full page load before the page is interactive, a client-side navigation after. */
export function SiteLink({ to, ...rest }: AnchorProps) {
  return <a href={to} data-discover="true" {...rest} />;
}

/** A menu's link: `aria-current="page"` on the page it names (and below it, unless `end`). */
export function SiteNavLink({ to, end = false, ...rest }: AnchorProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const path = to.split(/[?#]/)[0];
  const current = pathname === path || (!end && path !== "/" && pathname.startsWith(`${path}/`));
  return <SiteLink to={to} aria-current={current ? "page" : undefined} {...rest} />;
}

/**
 * Follows a SiteLink's click on the client: the main button without a modifier key, on an anchor
 * of this site that opens here and is not a download — what <Link> follows; anything else (a new
 * tab, a download, another site) is left to the browser. A click a <Link> already handled
 * (React's own listener on the document runs first) is left alone.
 */
export function useSiteLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
      if (link.target && link.target !== "_self") return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      // As an <a> does: the same address again replaces the history entry rather than adding one.
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}
