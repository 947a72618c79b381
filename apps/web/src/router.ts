// A small history router for the stable addresses of docs/reference/api.md "The web app": links under /app/
// change the page without a reload; the server answers every such address with the app.
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "scripts" }
  | { page: "editor"; slug: string | null; version: number | null }
  | { page: "runs" }
  | { page: "run"; id: string; study: boolean }
  | { page: "sweep"; id: string }
  | { page: "library"; q: string }
  | { page: "library-script"; owner: string; slug: string }
  | { page: "docs"; topic: string | null }
  | { page: "account" }
  | { page: "not-found" };

const seg = (s: string | undefined): string => decodeURIComponent(s ?? "");

export function parseRoute(pathname: string, search: string): Route {
  const params = new URLSearchParams(search);
  const parts = pathname.replace(/^\/app\/?/, "").split("/").filter((p) => p.length > 0);
  const [a, b, c] = parts;
  if (parts.length === 0) return { page: "scripts" };
  if (a === "scripts" && b === "new" && parts.length === 2) return { page: "editor", slug: null, version: null };
  if (a === "scripts" && b && parts.length === 2) {
    const v = Number(params.get("version"));
    return { page: "editor", slug: seg(b), version: Number.isInteger(v) && v > 0 ? v : null };
  }
  if (a === "runs" && parts.length === 1) return { page: "runs" };
  if ((a === "runs" || a === "studies") && b && parts.length === 2) return { page: "run", id: seg(b), study: a === "studies" };
  if (a === "sweeps" && b && parts.length === 2) return { page: "sweep", id: seg(b) };
  if (a === "library" && parts.length === 1) return { page: "library", q: params.get("q") ?? "" };
  if (a === "library" && b && c && parts.length === 3) return { page: "library-script", owner: seg(b), slug: seg(c) };
  if (a === "docs" && parts.length <= 2) return { page: "docs", topic: b ? seg(b) : null };
  if (a === "account" && parts.length === 1) return { page: "account" };
  return { page: "not-found" };
}

const listeners = new Set<() => void>();

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
    event.preventDefault();
    navigate(url.pathname + url.search);
  });
}
