// The pages' HTML: one layout, one CSS block (allowed by its hash in the CSP), no scripts.
import { createHash } from "node:crypto";

export const CSS = `
:root { color-scheme: light; --fg: #1a1f2b; --muted: #4a5263; --bg: #ffffff; --panel: #f3f5f9; --line: #c9cfdb;
  --primary: #1f4fd1; --primary-fg: #ffffff; --danger: #b3261e; --ok: #1e7a3c; --focus: #f0b400;
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.5; color: var(--fg); background: var(--bg); }
body { max-width: 46rem; margin: 0 auto; padding: 1rem; }
body.wide { max-width: 80rem; }
a { color: var(--primary); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
header.site { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; border-bottom: 1px solid var(--line); padding-bottom: 0.5rem; margin-bottom: 1rem; }
header.site nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; align-items: center; }
header.site form { margin: 0; }
.brand { font-weight: 700; text-decoration: none; color: var(--fg); display: inline-flex; gap: 0.4rem; align-items: center; }
label { display: block; margin-top: 0.75rem; font-weight: 600; }
input, select, textarea { font: inherit; padding: 0.4rem; width: 100%; box-sizing: border-box; border: 1px solid #6b7385; border-radius: 4px; background: var(--bg); color: var(--fg); }
input[type=checkbox], input[type=radio] { width: auto; }
button, .button { font: inherit; padding: 0.4rem 1rem; margin-top: 1rem; cursor: pointer; border-radius: 4px; border: 1px solid var(--primary); background: var(--bg); color: var(--primary); text-decoration: none; display: inline-block; }
button.primary, .button.primary { background: var(--primary); color: var(--primary-fg); font-weight: 600; }
button.danger { border-color: var(--danger); color: var(--danger); }
button.danger.solid { background: var(--danger); color: #fff; }
button.link { margin: 0; padding: 0.2rem 0.6rem; }
button:disabled { opacity: 0.6; cursor: not-allowed; }
.hint, .muted { font-size: 0.9rem; color: var(--muted); margin: 0.2rem 0 0; }
.error { border-left: 4px solid var(--danger); padding: 0.5rem 0.75rem; background: #fdecea; }
.notice { border-left: 4px solid var(--primary); padding: 0.5rem 0.75rem; background: #eaf0fd; }
.code { font-family: ui-monospace, monospace; font-size: 1.5rem; letter-spacing: 0.15em; }
pre, code { font-family: ui-monospace, monospace; }
pre { background: var(--panel); padding: 0.75rem; overflow-x: auto; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; }
.scroll { overflow-x: auto; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
details summary { cursor: pointer; color: var(--danger); }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.actions button, .actions .button { margin-top: 0.5rem; }
`.trim();

export const CSS_HASH = `sha256-${createHash("sha256").update(CSS, "utf8").digest("base64")}`;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Marks a string as already-safe HTML. */
export interface Html {
  readonly html: string;
}

export function raw(html: string): Html {
  return { html };
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (Array.isArray(part)) return part.map((p: Part) => render(p)).join("");
  if (typeof part === "object") return (part as Html).html;
  return escapeHtml(part as string | number);
}

/** Tagged template: interpolated values are escaped unless they are `Html`. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return raw(out);
}

export interface LayoutInput {
  title: string;
  /** The signed-in person's handle and the CSRF token for the sign-out button. */
  signedIn?: { handle: string; csrf: string } | undefined;
  body: Html;
  /** A wider column (docs, landing). */
  wide?: boolean;
}

/** The favicon: a candle on the primary colour (served at /favicon.svg). */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f4fd1"/><path d="M16 4v24" stroke="#fff" stroke-width="2"/><rect x="11" y="9" width="10" height="13" fill="#fff"/></svg>`;

export function layout(input: LayoutInput): string {
  const nav = input.signedIn
    ? html`<nav aria-label="Site"><a href="/app/">App</a><a href="/docs">Docs</a><a href="/account">${input.signedIn.handle}</a>
      <form method="post" action="/logout"><input type="hidden" name="csrf" value="${input.signedIn.csrf}"><button class="link" type="submit">Sign out</button></form></nav>`
    : html`<nav aria-label="Site"><a href="/docs">Docs</a><a href="/login">Sign in</a><a href="/signup">Sign up</a></nav>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)} · Barscript</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${CSS}</style>
</head>
<body${input.wide ? ' class="wide"' : ""}>
<header class="site"><a class="brand" href="/">Barscript</a>${nav.html}</header>
<main>
<h1>${escapeHtml(input.title)}</h1>
${input.body.html}
</main>
</body>
</html>
`;
}

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}">`;
}

export function errorBox(message: string | undefined): Html {
  return message ? html`<p class="error" role="alert">${message}</p>` : raw("");
}
