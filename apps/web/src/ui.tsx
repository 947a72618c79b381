// Small pieces every page uses: a titled page (focus moves to its heading on navigation, for
// keyboard and screen-reader users), loading and error states, and a data-loading hook.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiFailure, errorText, isNotFound } from "./api";

export function Page(props: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${props.title} · Barscript`;
    heading.current?.focus();
  }, [props.title]);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1} ref={heading}>{props.title}</h1>
        {props.actions ? <div class="actions">{props.actions}</div> : null}
      </div>
      {props.children}
    </>
  );
}

/** A wide table's own horizontal scroller: focusable and named (its caption), so a keyboard can
 * scroll it at a phone's width (WCAG 2.1.1; axe's scrollable-region-focusable). */
export function Scroll(props: { label: string; children: ComponentChildren }) {
  return <div class="scroll" tabIndex={0} role="region" aria-label={props.label}>{props.children}</div>;
}

/** A 404 said in the service's own words where it gave some ("No docs topic …", "No run …"; a
 * private object's say "that you can see"), else as an address the person may not see. */
function notFoundText(error: unknown): string {
  const said = error instanceof ApiFailure && error.error.code === "not_found" ? error.error.message : "";
  return `Not found: ${said || "there is nothing here, or it belongs to another account."}`;
}

export function ErrorBox(props: { error: unknown }) {
  if (props.error === null || props.error === undefined) return null;
  return <p class="error" role="alert">{isNotFound(props.error) ? notFoundText(props.error) : errorText(props.error)}</p>;
}

/** A page whose object could not be read: titled "Not found" when the service says so (404),
 * as every address the person may not see (apps/web/README.md), else by what it is. */
export function LoadFailed(props: { what: string; error: unknown }) {
  return <Page title={isNotFound(props.error) ? "Not found" : props.what}><ErrorBox error={props.error} /></Page>;
}

export function Loading(props: { what?: string }) {
  return <p role="status" class="muted">Loading{props.what ? ` ${props.what}` : ""}…</p>;
}

export interface Async<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

const sameDeps = (a: readonly unknown[] | null, b: readonly unknown[]): boolean =>
  a !== null && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Loads `load()` when `deps` change; a newer load wins over an older one. Until the load for the
 * current `deps` has started, `loading` is true: the render right after a change (Back to page 1)
 * would otherwise show the old answer as if it were the new one's (page 2's scripts under
 * "Scripts 1 to 100").
 */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): Async<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean; deps: unknown[] | null }>({ data: null, error: null, loading: true, deps: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null, deps }));
    load().then(
      (data) => { if (live) setState({ data, error: null, loading: false, deps }); },
      (error: unknown) => { if (live) setState({ data: null, error, loading: false, deps }); },
    );
    return () => { live = false; };
  }, [...deps, tick]);
  const { data, error, loading } = state;
  return { data, error, loading: loading || !sameDeps(state.deps, deps), reload: () => setTick((t) => t + 1) };
}

/** A form's submit button while its request is on its way: aria-disabled, not disabled (a
 * disabled button drops the focus to the page's start, so a refusal left a keyboard user
 * nowhere); the form's handler ignores a second submit while `busy`. */
export function SubmitButton(props: { busy: boolean; busyText: string; children: ComponentChildren; disabled?: boolean }) {
  return (
    <button class="primary" type="submit" disabled={props.disabled} aria-disabled={props.busy ? "true" : undefined}>
      {props.busy ? props.busyText : props.children}
    </button>
  );
}

/** Previous and Next over a list shown a page at a time (nothing when it fits one page). */
export function Pager(props: { page: number; pages: number; onPage(p: number): void; label: string }) {
  if (props.pages <= 1) return null;
  return (
    <nav class="actions" aria-label={props.label}>
      <button type="button" disabled={props.page === 0} onClick={() => props.onPage(props.page - 1)}>Previous</button>
      <span role="status" aria-live="polite">Page {props.page + 1} of {props.pages}</span>
      <button type="button" disabled={props.page >= props.pages - 1} onClick={() => props.onPage(props.page + 1)}>Next</button>
    </nav>
  );
}

/** A polite live region, always in the page (a region added with its text is often not read):
 * what changed without the person moving, said once (WCAG 4.1.3). */
export function Announce(props: { text: string }) {
  return <p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{props.text}</p>;
}

/**
 * Copies `text` to the clipboard (the Clipboard API) and says so beside the button. Where the page
 * may not use that API (a page not served over HTTPS, a refused permission), the text in
 * `target` is selected and the browser's own copy tried; when that fails too, the person is told
 * to press Ctrl+C on the selection.
 */
export function CopyButton(props: { text: string; label: string; target: () => HTMLElement | null }) {
  const [said, setSaid] = useState("");
  useEffect(() => setSaid(""), [props.text]);
  async function copy(): Promise<void> {
    setSaid("");
    try {
      if (!navigator.clipboard) throw new Error("no Clipboard API");
      await navigator.clipboard.writeText(props.text);
      setSaid("Copied to the clipboard.");
      return;
    } catch {
      setSaid(selectAndCopy(props.target()) ? "Copied to the clipboard." : "This browser did not let the page copy: the text is selected, press Ctrl+C (⌘C on a Mac) to copy it.");
    }
  }
  return (
    <span class="copy">
      <button type="button" aria-label={props.label} onClick={() => void copy()}>Copy</button>
      <span role="status" aria-live="polite" aria-atomic="true">{said}</span>
    </span>
  );
}

/** Selects what `element` holds and asks the browser to copy the selection; whether it did. */
function selectAndCopy(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (!element || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

/** "Page 2: runs 51 to 100" (the shown page of a list `size` a page, `count` on it). */
export function pageText(noun: string, number: number, size: number, count: number): string {
  if (count === 0) return `Page ${number}: no ${noun}`;
  const from = (number - 1) * size + 1;
  return `Page ${number}: ${noun} ${from} to ${from + count - 1}`;
}

/** "Older" and "Newest" over a list the service pages by cursor (its `next_cursor`). The button
 * pressed can leave (the last page has no older one; the newest page no "Newest"), which would
 * drop the focus to the page's start: once the page asked for is shown (`page`, the answer in
 * view, is another), a focus left nowhere goes to the paging button that remains, else to the
 * page's heading (WCAG 2.4.3). A focus the person moved meanwhile stays where it is. The new
 * page is announced ("Page 2: runs 51 to 100"): the list changed where the person is not. */
export function CursorPager(props: {
  label: string; older: string; newest: string; next: string | null | undefined; cursor: string | null; page: unknown;
  /** The shown page's number (1 the newest), its items, the list's page size and what it lists. */
  number: number; count: number | undefined; size: number; noun: string;
  onCursor(cursor: string | null): void;
}) {
  const older = useRef<HTMLButtonElement>(null);
  const newest = useRef<HTMLButtonElement>(null);
  const pressed = useRef<{ on: unknown } | null>(null);
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (!pressed.current || pressed.current.on === props.page || props.count === undefined) return;
    pressed.current = null;
    setSaid(pageText(props.noun, props.number, props.size, props.count));
    if (document.activeElement && document.activeElement !== document.body) return;
    // the heading `Page` draws (the list's title)
    (older.current ?? newest.current ?? document.querySelector<HTMLElement>(".page-head h1"))?.focus();
  }, [props.page]);
  const go = (cursor: string | null): void => {
    pressed.current = { on: props.page };
    props.onCursor(cursor);
  };
  const { next, cursor } = props;
  return (
    <>
      {next || cursor ? (
        <nav class="actions" aria-label={props.label}>
          {next ? <button type="button" ref={older} onClick={() => go(next)}>{props.older}</button> : null}
          {cursor ? <button type="button" ref={newest} onClick={() => go(null)}>{props.newest}</button> : null}
        </nav>
      ) : null}
      <Announce text={said} />
    </>
  );
}

export const fmt = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

export function num(value: number | null | undefined, digits = 4): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  return value.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** "1 compute unit", "2,558 bars": a whole count with its noun, singular for one. */
export function count(value: number, one: string, many = `${one}s`): string {
  return `${num(value, 0)} ${value === 1 ? one : many}`;
}

/** Horizons as bars after an event: "1, 5, 20 bars", "1 bar". */
export function horizonBars(horizons: readonly number[]): string {
  return `${horizons.join(", ")} ${horizons.length === 1 && horizons[0] === 1 ? "bar" : "bars"}`;
}

export function when(iso: string | null | undefined): string {
  return iso ? iso.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC") : "";
}

/** How often a list with queued or running items is read again. */
const LIVE_REFRESH_MS = 2_000;

/**
 * Keeps a list of runs or sweeps live (docs/adr/0164, 0364): while an item on the page is queued
 * or running, the page is read again every 2 s; an item whose status changed since the last
 * reading is said politely ("Run run_… is succeeded."). Returns what to announce.
 */
export function useLiveStatuses<T extends { id: string; status: string }>(list: Async<{ data: T[] }>, noun: string): string {
  const shown = list.data?.data;
  const active = shown?.some((x) => x.status === "queued" || x.status === "running") ?? false;
  const [news, setNews] = useState("");
  const seen = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (!shown) return;
    const before = seen.current;
    const changed = before ? shown.filter((x) => before.has(x.id) && before.get(x.id) !== x.status) : [];
    seen.current = new Map(shown.map((x) => [x.id, x.status]));
    if (changed.length > 0) setNews(changed.map((x) => `${noun} ${x.id} is ${x.status}.`).join(" "));
  }, [list.data]);
  useEffect(() => {
    if (!active || list.loading) return;
    const timer = setTimeout(list.reload, LIVE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [active, list.loading, list.data]);
  return news;
}
