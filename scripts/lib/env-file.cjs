// The pure parts of `npm run up` (scripts/up.mjs): reading and writing `.env`, resolving the
// configuration it needs before anything is installed, and the messages it prints.
// Plain CommonJS with no dependencies, so it runs before `npm install` and jest can load it.
"use strict";

/** The defaults of docs/configuration.md. */
const DEFAULTS = Object.freeze({
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/barscript",
  REDIS_URL: "redis://127.0.0.1:6379",
  REDIS_PREFIX: "bs:",
  PORT: "8080",
  PUBLIC_URL: "http://localhost:8080",
  LOG_LEVEL: "info",
});

const START_HINT = "docker compose up -d postgres redis";

/** 48 base64url characters (36 random bytes). */
function generateSecret(bytes = 36) {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Buffer.from(buffer).toString("base64url");
}

/** `KEY=value` lines; `export ` prefixes, comments, blank lines and quotes handled like dotenv. */
function parseEnv(text) {
  const values = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1];
    let value = match[2];
    if (value.startsWith('"')) {
      const end = value.lastIndexOf('"');
      value = value.slice(1, end > 0 ? end : undefined).replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    } else if (value.startsWith("'")) {
      const end = value.lastIndexOf("'");
      value = value.slice(1, end > 0 ? end : undefined);
    } else {
      value = value.replace(/\s+#.*$/, "").trim();
    }
    values[key] = value;
  }
  return values;
}

function formatValue(value) {
  if (/^[A-Za-z0-9_\-.:/@%+=,~]*$/.test(value)) return value;
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}

function formatEntries(entries) {
  return Object.entries(entries).map(([key, value]) => `${key}=${formatValue(String(value))}\n`).join("");
}

/** The content of a new `.env`: the defaults and a fresh APP_SECRET. */
function defaultEnvFile(secret = generateSecret(), now = new Date()) {
  return [
    `# Written by \`npm run up\` on ${now.toISOString()}. Yours to edit: it is never overwritten.`,
    "# Every variable is described in docs/configuration.md.",
    formatEntries({ ...DEFAULTS, APP_SECRET: secret }).trimEnd(),
    "# ADMIN_TOKEN guards /admin/queues; unset means the dashboard is off.",
    "# ADMIN_TOKEN=",
    "",
  ].join("\n");
}

/** `text` with `entries` appended (for keys it lacks); existing lines are never changed. */
function appendEntries(text, entries) {
  const present = parseEnv(text);
  const missing = Object.fromEntries(Object.entries(entries).filter(([key]) => !(key in present)));
  if (Object.keys(missing).length === 0) return text;
  const base = text === "" || text.endsWith("\n") ? text : `${text}\n`;
  return base + formatEntries(missing);
}

/**
 * `text` with the line of `key` (its last, as parseEnv reads it) set to `value`, or the entry
 * appended when absent; every other line is kept byte for byte. For values `npm run up` itself
 * wrote (DEMO_API_KEY) and must renew.
 */
function replaceEntry(text, key, value) {
  const lines = text.split("\n");
  const pattern = new RegExp(`^\\s*(?:export\\s+)?${key}\\s*=`);
  let index = -1;
  lines.forEach((line, i) => { if (pattern.test(line)) index = i; });
  if (index < 0) return appendEntries(text, { [key]: value });
  const ending = lines[index].endsWith("\r") ? "\r" : "";
  lines[index] = formatEntries({ [key]: value }).trimEnd() + ending;
  return lines.join("\n");
}

/** Defaults, overridden by `.env`, overridden by the process environment (as dotenv does). */
function resolveEnv(fileValues, processEnv) {
  const result = { ...DEFAULTS, ...fileValues };
  for (const [key, value] of Object.entries(processEnv)) {
    if (value !== undefined && value !== "") result[key] = value;
  }
  return result;
}

/** The URL with any password replaced, for messages. */
function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}

/** host and port of a postgresql:// or redis:// URL, with the protocols' default ports. */
function endpointOf(url, defaultPort) {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1";
  return { host, port: parsed.port ? Number(parsed.port) : defaultPort };
}

function unreachableMessage(service, url, reason) {
  return [
    `${service} is not reachable at ${redactUrl(url)} (${reason}).`,
    `Start it, for example with: ${START_HINT}`,
    `(or point ${service === "Postgres" ? "DATABASE_URL" : "REDIS_URL"} in .env at a running one), then run \`npm run up\` again.`,
  ].join("\n");
}

module.exports = { DEFAULTS, START_HINT, generateSecret, parseEnv, formatValue, defaultEnvFile, appendEntries, replaceEntry, resolveEnv, redactUrl, endpointOf, unreachableMessage };
