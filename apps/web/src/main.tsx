// The web app: one page per stable address (router.ts), signed in with the session of /login.
import { render } from "preact";
import "./app.css";
import { session } from "./api";
import { interceptLinks, useRoute, type Route } from "./router";
import { AccountPage } from "./pages/account";
import { DocsPage } from "./pages/docs";
import { EditorPage } from "./pages/editor";
import { LibraryPage, LibraryScriptPage } from "./pages/library";
import { RunPage } from "./pages/run";
import { RunsPage } from "./pages/runs";
import { ScriptsPage } from "./pages/scripts";
import { SweepPage } from "./pages/sweep";
import { SweepsPage } from "./pages/sweeps";
import { Page } from "./ui";

const NAV: Array<[string, string, Route["page"][]]> = [
  ["/app/", "Scripts", ["scripts", "editor"]],
  ["/app/runs", "Runs", ["runs", "run", "sweeps", "sweep"]],
  ["/app/library", "Library", ["library", "library-script"]],
  ["/app/docs", "Docs", ["docs"]],
  ["/app/account", "Account", ["account"]],
];

function Body(props: { route: Route }) {
  const r = props.route;
  switch (r.page) {
    case "scripts": return <ScriptsPage />;
    case "editor": return <EditorPage key={`${r.kind ?? ""}/${r.slug ?? ""}@${r.version ?? ""}`} slug={r.slug} version={r.version} kind={r.kind} />;
    case "runs": return <RunsPage status={r.status} />;
    // keyed by the run alone: the other view is a new address, not a new page (the focus stays on its button)
    case "run": return <RunPage key={`${r.study ? "study" : "run"}/${r.id}`} id={r.id} study={r.study} view={r.view ?? "chart"} state={{ ...(r.at ? { at: r.at } : {}), ...(r.level ? { level: r.level } : {}) }} />;
    case "sweeps": return <SweepsPage />;
    // keyed by the sweep alone: another ranking is a new address, not a new page (the focus stays on the menu)
    case "sweep": return <SweepPage key={r.id} id={r.id} sort={r.sort} heat={r.heat} />;
    case "library": return <LibraryPage q={r.q} at={r.at} />;
    case "library-script": return <LibraryScriptPage key={`${r.owner}/${r.slug}`} owner={r.owner} slug={r.slug} />;
    case "docs": return <DocsPage key={r.topic ?? ""} topic={r.topic} />;
    case "account": return <AccountPage />;
    default: return <Page title="Not found"><p class="error" role="alert">There is no such page in the app. <a href="/app/">Back to your scripts</a>.</p></Page>;
  }
}

function App() {
  const route = useRoute();
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="site">
        <a class="brand" href="/">Barscript</a>
        <nav aria-label="App">
          {NAV.map(([href, label, pages]) => (
            <a href={href} aria-current={pages.includes(route.page) ? "page" : undefined}>{label}</a>
          ))}
          <span class="muted">{session.handle}</span>
          <form method="post" action="/logout"><input type="hidden" name="csrf" value={session.csrf} /><button class="link" type="submit">Sign out</button></form>
        </nav>
      </header>
      <main id="main">
        <Body route={route} />
      </main>
    </>
  );
}

const root = document.getElementById("root");
if (root) {
  interceptLinks(document.body);
  render(<App />, root);
}
