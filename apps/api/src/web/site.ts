// Public pages for people, without a key, so a visitor can read what the service is: the landing page `GET /`, and the
// docs topics as HTML at `/docs` and `/docs/{topic}` (the same markdown as /v1/docs, rendered
// here with `marked`). Server-rendered with the sign-in pages' layout and CSS, no scripts.
import type { Router } from "express";
import { marked } from "marked";
import { getTopic, listTopics } from "@barscript/lang";
import { sendPage, type PageContext } from "../pages/context";
import { PageError } from "../pages/errors";
import { html, raw, type Html } from "../pages/html";
import { currentSession } from "../pages/session";

const EXAMPLE = `curl -s -X POST $BASE/v1/runs \\
  -H "authorization: Bearer $KEY" -H 'content-type: application/json' \\
  -d '{"script": "my-rsi", "instrument": "AAPL", "timeframe": "1d", "wait": 30}'`;

function landing(signedIn: boolean): Html {
  return html`
<p><strong>Barscript runs trading scripts over market data.</strong> Write an indicator, an event
definition or an event study in a dialect of Pine Script, run it over years of bars for any
instrument and timeframe, and see it drawn on a chart, read it as a table, or fetch it over the API.</p>
<div class="actions">
  ${signedIn
    ? html`<a class="button primary" href="/app/">Open the app</a>`
    : html`<a class="button primary" href="/login?next=%2Fapp%2F">Sign in</a><a class="button" href="/signup">Create an account</a>`}
  <a class="button" href="/docs">Read the docs</a>
</div>
<h2>What you can do</h2>
<ul>
  <li>Edit scripts with the service's own diagnostics as you type, keep every version, compare two.</li>
  <li>Run an indicator and see its outputs over candles, with its lines, levels and events.</li>
  <li>Measure what followed a signal: forward returns by horizon against a baseline.</li>
  <li>Start from the built-in library and fork a script into your account.</li>
</ul>
<h2>The API in one example</h2>
<p>Every part of the app is an HTTP API with keys and scopes (<a href="/openapi.json">OpenAPI</a>):</p>
<pre tabindex="0"><code>${EXAMPLE}</code></pre>`;
}

function docsIndex(): Html {
  return html`
<p>The language, how runs work, and the built-in reference. The same topics are served as markdown
at <code>GET /v1/docs/{topic}</code>.</p>
<ul>
  ${listTopics().map((t) => html`<li><a href="/docs/${t.topic}">${t.title}</a> <span class="muted">${t.summary}</span></li>`)}
</ul>`;
}

/** Markdown of our own docs (never user input) to HTML; the h1 is the page's own title. */
export function renderTopic(markdown: string): { title: string; body: Html } {
  const heading = /^#\s+(.+)$/m.exec(markdown);
  const title = heading?.[1]?.trim() ?? "Docs";
  const rest = heading ? markdown.replace(heading[0], "") : markdown;
  // A code block that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
  const body = marked.parse(rest, { async: false }).replace(/<pre>/g, '<pre tabindex="0">');
  return { title, body: raw(body) };
}

export function registerSite(router: Router, ctx: PageContext): void {
  router.get("/", (_req, res) => {
    sendPage(ctx, res, 200, "Scripts for market data, run and drawn", landing(currentSession(res) !== null), true);
  });

  router.get("/docs", (_req, res) => {
    sendPage(ctx, res, 200, "Documentation", docsIndex(), true);
  });

  router.get("/docs/:topic", (req, res) => {
    const topic = String(req.params["topic"]);
    const markdown = getTopic(topic);
    if (markdown === null) throw new PageError(404, "No such topic", `There is no docs topic "${topic}". The list is at /docs.`);
    const { title, body } = renderTopic(markdown);
    sendPage(ctx, res, 200, title, html`<p><a href="/docs">All topics</a></p>${body}`, true);
  });
}
