// The pages' HTML: one layout, one CSS block (allowed by its hash in the CSP), no scripts.
import { createHash } from "node:crypto";

export const CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { max-width: 42rem; margin: 0 auto; padding: 1rem; }
header, footer { display: flex; gap: 1rem; align-items: center; justify-content: space-between; }
header form { margin: 0; }
label { display: block; margin-top: 0.75rem; font-weight: 600; }
input, select { font: inherit; padding: 0.4rem; width: 100%; box-sizing: border-box; }
button { font: inherit; padding: 0.4rem 1rem; margin-top: 1rem; cursor: pointer; }
button.link { margin: 0; padding: 0.2rem 0.6rem; }
.hint { font-size: 0.9rem; opacity: 0.8; margin: 0.2rem 0 0; }
.error { border-left: 4px solid #c0392b; padding: 0.5rem 0.75rem; }
.notice { border-left: 4px solid #2e86c1; padding: 0.5rem 0.75rem; }
.code { font-family: ui-monospace, monospace; font-size: 1.5rem; letter-spacing: 0.15em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid #8884; vertical-align: top; }
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
}

export function layout(input: LayoutInput): string {
  const nav = input.signedIn
    ? html`<nav aria-label="Account"><a href="/account">${input.signedIn.handle}</a></nav>
      <form method="post" action="/logout"><input type="hidden" name="csrf" value="${input.signedIn.csrf}"><button class="link" type="submit">Sign out</button></form>`
    : html`<nav aria-label="Account"><a href="/login">Sign in</a> · <a href="/signup">Sign up</a></nav>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)} · Barscript</title>
<style>${CSS}</style>
</head>
<body>
<header><strong>Barscript</strong>${nav.html}</header>
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
