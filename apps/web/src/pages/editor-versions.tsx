// A script's versions (open one, or compare it with the editor's text) and the choice offered
// when a save meets a newer version (version_conflict): keep mine, or take theirs.
import { useState } from "preact/hooks";
import { api } from "../api";
import { Diff } from "../editor/diff";
import type { Page as ListPage, Script, Version, ScriptKind } from "../types";
import { ErrorBox, Scroll, useAsync, when } from "../ui";
import { editorHref } from "../routes";

const mainFile = (s: Script): string => s.files?.find((f) => f.path === "main.pine")?.content ?? "";

export function Conflict(props: { theirs: Script; mine: string; onKeepMine(): void; onTakeTheirs(): void }) {
  return (
    <section class="conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title">Someone saved version {props.theirs.latest_version} while you were editing</h2>
      <p>Your save was based on an older version. Compare the two texts and choose which one becomes the newest version.</p>
      <Diff a={mainFile(props.theirs)} b={props.mine} aLabel={`Saved: version ${props.theirs.latest_version}`} bLabel="Yours (not saved)" />
      <div class="actions">
        <button class="primary" type="button" onClick={props.onKeepMine}>Save mine as version {props.theirs.latest_version + 1}</button>
        <button type="button" onClick={props.onTakeTheirs}>Discard mine and load version {props.theirs.latest_version}</button>
      </div>
    </section>
  );
}

export function Versions(props: { script: Script; current: string; kind?: ScriptKind | undefined }) {
  const slug = encodeURIComponent(props.script.slug);
  const list = useAsync(() => api<ListPage<Version>>(`/v1/scripts/${slug}/versions?kind=${props.script.kind}&limit=200`), [slug, props.script.latest_version]);
  const [compared, setCompared] = useState<{ version: number; content: string } | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function compare(version: number): Promise<void> {
    setError(null);
    try {
      const old = await api<Script>(`/v1/scripts/${slug}?kind=${props.script.kind}&version=${version}`);
      setCompared({ version, content: mainFile(old) });
    } catch (e) {
      setError(e);
    }
  }

  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      <ErrorBox error={list.error ?? error} />
      {list.data ? (
        <Scroll label="Versions table">
          <table>
            <thead><tr><th scope="col">Version</th><th scope="col">Saved</th><th scope="col">Note</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {list.data.data.map((v) => (
                <tr key={v.version}>
                  <td>{v.version}</td><td>{when(v.created_at)}</td><td>{v.message ?? ""}</td>
                  <td class="actions">
                    <a href={editorHref(props.script.slug, props.kind, v.version)}>Open</a>
                    <button class="link" type="button" onClick={() => void compare(v.version)} aria-label={`Compare version ${v.version} with the editor`}>Compare</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : null}
      {compared ? (
        <>
          <Diff a={compared.content} b={props.current} aLabel={`Version ${compared.version}`} bLabel="Editor" />
          <button type="button" onClick={() => setCompared(null)}>Close the comparison</button>
        </>
      ) : null}
    </section>
  );
}
