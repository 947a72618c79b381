// A small history router for the stable addresses of docs/reference/api.md "The web app": links under /app/
// change the page without a reload; the server answers every such address with the app.
import { useEffect, useState } from "preact/hooks";
import { parseRoute, type Route } from "./routes";

export { parseRoute, type Route };

const listeners = new Set<() => void>();

/**
 * What a page would lose if left (the editor's unsaved edits): a link in the app asks first, and
 * a reload, a close or a page outside the app gets the browser's own question (docs/adr/0339).
 */
let leaveGuard: (() => string) | null = null;

/** While `message` is given, leaving the page asks first; the page's end or null removes the question. */
export function useLeaveGuard(message: string | null): void {
  useEffect(() => {
    if (message === null) return;
    const guard = (): string => message;
    leaveGuard = guard;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
      event.returnValue = message;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      if (leaveGuard === guard) leaveGuard = null;
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [message]);
}

export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  for (const l of listeners) l();
}

/** The current route; re-renders on navigation and on back/forward. */
export function useRoute(): Route {
  const read = (): Route => parseRoute(location.pathname, location.search);
  const [route, setRoute] = useState<Route>(read);
  useEffect(() => {
    const update = (): void => setRoute(read());
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return route;
}

/** Same-app links navigate in place (a plain click on an <a href="/app/...">). */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith("/app/") && url.pathname !== "/app") return;
    // A fragment of this same page (the "Skip to content" link) is the browser's to follow.
    if (url.hash !== "" && url.pathname === location.pathname && url.search === location.search) return;
    event.preventDefault();
    const warning = leaveGuard?.();
    if (warning !== undefined && !window.confirm(warning)) return;
    navigate(url.pathname + url.search);
  });
}
