// /app/docs and /app/docs/{topic}: the service's docs topics (GET /v1/docs), rendered.
import { marked } from "marked";
import { api, apiText } from "../api";
import { ErrorBox, LoadFailed, Loading, Page, useAsync } from "../ui";

interface Topic { topic: string; title: string; summary: string }

/** Our own docs (markdown the service ships, never user input) as HTML; links stay in the app. */
function render(markdown: string): { title: string; html: string } {
  const heading = /^#\s+(.+)$/m.exec(markdown);
  const body = heading ? markdown.replace(heading[0], "") : markdown;
  const html = marked.parse(body, { async: false }).replace(/href="\/docs\//g, 'href="/app/docs/').replace(/<pre>/g, '<pre tabindex="0">')
    // a wide table scrolls in a box of its own (reachable by keyboard), not the whole page
    .replace(/<table>/g, '<div class="table-scroll" tabindex="0"><table>').replace(/<\/table>/g, "</table></div>");
  return { title: heading?.[1]?.trim() ?? "Docs", html };
}

export function DocsPage(props: { topic: string | null }) {
  const list = useAsync(() => api<{ data: Topic[] }>("/v1/docs"), []);
  const topic = useAsync(() => (props.topic ? apiText(`/v1/docs/${encodeURIComponent(props.topic)}`) : Promise.resolve(null)), [props.topic]);
  if (props.topic) {
    if (topic.error) return <LoadFailed what="Docs" error={topic.error} />;
    if (!topic.data) return <Page title="Docs"><Loading what="the topic" /></Page>;
    const doc = render(topic.data);
    return (
      <Page title={doc.title}>
        <p><a href="/app/docs">All topics</a></p>
        <article class="doc" dangerouslySetInnerHTML={{ __html: doc.html }} />
      </Page>
    );
  }
  return (
    <Page title="Docs">
      <ErrorBox error={list.error} />
      {list.data ? (
        <ul>{list.data.data.map((t) => <li key={t.topic}><a href={`/app/docs/${t.topic}`}>{t.title}</a> <span class="muted">{t.summary}</span></li>)}</ul>
      ) : <Loading what="topics" />}
    </Page>
  );
}
