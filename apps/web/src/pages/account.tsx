// /app/account: plan, usage against the plan's caps (bars), and API keys: create (the secret is
// shown once) and revoke (after a confirmation).
import { useRef, useState } from "preact/hooks";
import { api } from "../api";
import type { ApiKey, Page as ListPage, Usage } from "../types";
import { CopyButton, ErrorBox, Loading, num, Page, Scroll, SubmitButton, useAsync, when } from "../ui";

interface Me { handle: string; email: string; status: string; plan: { name: string; api_access: boolean } }

const CAPS: Array<[keyof Usage["caps"], string]> = [
  ["scripts", "Scripts"], ["definitions", "Definitions"], ["events_per_month", "Events this month"], ["compute_units_per_month", "Compute units this month"],
];
const SCOPES = ["read", "scripts:write", "runs:write"];

function UsageBar(props: { id: string; label: string; used: number; limit: number | null }) {
  const limit = props.limit;
  return (
    <div class="usage">
      <label for={props.id}>{props.label}: {num(props.used, 0)} of {limit === null ? "no limit" : num(limit, 0)}</label>
      {limit !== null ? <progress id={props.id} max={Math.max(1, limit)} value={Math.min(props.used, limit)}>{num(props.used, 0)}</progress> : null}
    </div>
  );
}

function KeyRow(props: { k: ApiKey; onRevoked(id: string): void }) {
  const { k } = props;
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // a second press (a double click) would ask again for a key already revoked and show its 404
  const busy = useRef(false);
  const [revoking, setRevoking] = useState(false);
  const live = !k.revoked_at && !(k.expires_at && Date.parse(k.expires_at) <= Date.now());
  async function revoke(): Promise<void> {
    if (busy.current) return;
    busy.current = true; setRevoking(true); setError(null);
    try { await api<undefined>(`/app/api/keys/${encodeURIComponent(k.id)}/revoke`, { method: "POST" }); props.onRevoked(k.id); } catch (e) { setError(e); busy.current = false; setRevoking(false); }
  }
  return (
    <tr>
      <td>{k.name}</td><td><code>{k.prefix}…</code></td><td>{k.scopes.join(", ")}</td><td>{when(k.created_at)}</td>
      <td>{k.expires_at ? when(k.expires_at) : "never"}</td><td>{k.last_used_at ? when(k.last_used_at) : "never"}</td>
      <td>
        {k.revoked_at ? `revoked ${when(k.revoked_at)}` : !live ? "expired" : confirming ? (
          <div class="confirm" role="group" aria-label={`Confirm revoking ${k.name}`}>
            <p>Tools using {k.prefix}… stop working at once.</p>
            <button class="danger solid" type="button" aria-disabled={revoking ? "true" : undefined} onClick={() => void revoke()}>{revoking ? "Revoking…" : `Revoke ${k.name}`}</button>
            <button type="button" onClick={() => setConfirming(false)}>Keep it</button>
          </div>
        ) : <button class="danger link" type="button" aria-label={`Revoke key ${k.name} (${k.prefix})`} onClick={() => setConfirming(true)}>Revoke…</button>}
        <ErrorBox error={error} />
      </td>
    </tr>
  );
}

/** The secret of the key just made: shown once, and no longer once that key is revoked. */
interface Made { id: string; secret: string }

function NewKey(props: { made: Made | null; onCreated(made: Made): void }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([...SCOPES]);
  const [expiry, setExpiry] = useState("90");
  const [error, setError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  // a second press (a double click) while the key is being made would make a second key and
  // show only its secret: the first would be a live key nobody can read
  const busy = useRef(false);
  const secret = useRef<HTMLElement>(null);
  async function create(event: Event): Promise<void> {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true; setCreating(true); setError(null);
    try {
      const made = await api<{ api_key: string; key: ApiKey }>("/app/api/keys", { method: "POST", body: { name, scopes, expires_in_days: expiry === "never" ? null : Number(expiry) } });
      setName(""); props.onCreated({ id: made.key.id, secret: made.api_key });
    } catch (e) { setError(e); } finally { busy.current = false; setCreating(false); }
  }
  return (
    <form onSubmit={(e) => void create(e)}>
      <h3>New key</h3>
      <label for="key-name">Key name</label>
      <input id="key-name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map((s) => (
          <label class="check"><input type="checkbox" checked={scopes.includes(s)} onChange={(e) => setScopes(e.currentTarget.checked ? [...scopes, s] : scopes.filter((x) => x !== s))} /> {s}</label>
        ))}
      </fieldset>
      <label for="key-expiry">Expires after</label>
      <select id="key-expiry" value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)}>
        {["7", "30", "90", "365"].map((d) => <option value={d}>{d} days</option>)}
        <option value="never">never</option>
      </select>
      <SubmitButton busy={creating} busyText="Creating…" disabled={scopes.length === 0}>Create key</SubmitButton>
      <ErrorBox error={error} />
      {props.made ? (
        <div class="notice">
          <p role="status">Your new key (shown once; copy it now):</p>
          <p><code class="secret" ref={secret}>{props.made.secret}</code></p>
          <CopyButton text={props.made.secret} label="Copy the new key" target={() => secret.current} />
        </div>
      ) : null}
    </form>
  );
}

export function AccountPage() {
  const me = useAsync(() => api<Me>("/v1/me"), []);
  const usage = useAsync(() => api<Usage>("/v1/usage"), []);
  const keys = useAsync(() => api<ListPage<ApiKey>>("/v1/keys?limit=500"), []);
  const [made, setMade] = useState<Made | null>(null);
  return (
    <Page title="Your account">
      <ErrorBox error={me.error ?? usage.error} />
      {me.data ? (
        <dl class="facts">
          <dt>Handle</dt><dd>{me.data.handle}</dd><dt>Email</dt><dd>{me.data.email}</dd>
          <dt>Plan</dt><dd>{me.data.plan.name}{me.data.plan.api_access ? "" : " (no API access; the app works)"}</dd>
        </dl>
      ) : me.error ? null : <Loading what="the account" />}
      <h2>Usage</h2>
      {usage.data ? (
        <>
          <p class="muted">From {when(usage.data.period.start)} to {when(usage.data.period.end)}</p>
          {CAPS.map(([k, label]) => <UsageBar id={`usage-${k}`} label={label} used={usage.data?.caps[k].used ?? 0} limit={usage.data?.caps[k].limit ?? null} />)}
          <UsageBar id="usage-runs" label="Runs at once" used={usage.data.concurrent_runs.used} limit={usage.data.concurrent_runs.limit} />
          <p class="muted">Run time limit: {usage.data.run_time_limit} s a run.</p>
          {/* the plan's "History from" (docs/reference/limits-and-plans.md): where a run's window can start */}
          <p class="muted">{usage.data.history_start === null ? "History: runs reach every stored bar." : `History: runs reach bars from ${usage.data.history_start.slice(0, 10)} on; a window starting earlier is moved to that day.`}</p>
        </>
      ) : null}
      <h2>API keys</h2>
      {me.data && !me.data.plan.api_access ? <p class="notice">Your plan ({me.data.plan.name}) has no API access: a key made here is refused until an operator moves the account to a plan with it. The web app works without one.</p> : null}
      <ErrorBox error={keys.error} />
      {keys.data && keys.data.data.length > 0 ? (
        <Scroll label="API keys">
          <table>
            <thead><tr>{["Name", "Key", "Scopes", "Created", "Expires", "Last used", "State"].map((h) => <th scope="col">{h}</th>)}</tr></thead>
            <tbody>{keys.data.data.map((k) => <KeyRow key={k.id} k={k} onRevoked={(id) => { if (made?.id === id) setMade(null); keys.reload(); }} />)}</tbody>
          </table>
        </Scroll>
      ) : keys.data ? <p>No keys yet.</p> : null}
      <NewKey made={made} onCreated={(m) => { setMade(m); keys.reload(); }} />
    </Page>
  );
}
