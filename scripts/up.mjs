// `npm run up`: from a fresh clone to a running API and worker, idempotently.
//
//   services reachable? -> npm install (only without node_modules) -> .env (only if absent)
//   -> database + migrations -> `admin seed` (plans, core library) -> `admin demo` (instruments,
//   account) and a demo key
//   -> print base URL and key -> run one API and one worker until Ctrl-C
//
// Plain Node ESM without dependencies up to the install; TypeScript entry points run through tsx.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { connect } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULTS, appendEntries, defaultEnvFile, replaceEntry, endpointOf, generateSecret, parseEnv, redactUrl, resolveEnv, unreachableMessage,
} from "./lib/env-file.cjs";
import { prettyLogs } from "./lib/pretty-logs.cjs";
import { serviceCommand, serviceEnv } from "./lib/service-command.cjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ENV_FILE = join(ROOT, ".env");
const DEMO = { email: "demo@example.com", handle: "demo", plan: "pro", scopes: "read,scripts:write,runs:write", keyName: "demo" };
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * A TypeScript entry point as one Node process (`node --import tsx <entry>`), not through `npm
 * exec` (which exits on SIGTERM without waiting for its child, leaving orphans) nor the `tsx`
 * command (which SIGKILLs a child slow to acknowledge a signal): scripts/lib/service-command.cjs.
 */
const tsx = (entry) => serviceCommand(entry, existsSync(join(ROOT, "node_modules", "tsx", "package.json")));

class UpError extends Error {}

const step = (message) => console.log(`\n» ${message}`);

function readEnvFile() {
  return existsSync(ENV_FILE) ? readFileSync(ENV_FILE, "utf8") : null;
}

/** Opens a TCP connection; for Redis also sends PING and waits for any reply. */
function probe({ host, port }, ping, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (error) => { socket.destroy(); resolve(error); };
    socket.setTimeout(timeoutMs, () => done("timed out"));
    socket.once("error", (error) => done(error.code ?? error.message));
    socket.once("connect", () => {
      if (!ping) return done(null);
      socket.once("data", () => done(null));
      socket.write("PING\r\n");
    });
  });
}

async function checkServices(env) {
  const checks = [
    ["Postgres", env.DATABASE_URL, endpointOf(env.DATABASE_URL, 5432), false],
    ["Redis", env.REDIS_URL, endpointOf(env.REDIS_URL, 6379), true],
  ];
  const failures = [];
  for (const [name, url, endpoint, ping] of checks) {
    const error = await probe(endpoint, ping);
    if (error) failures.push(unreachableMessage(name, url, error));
    else console.log(`  ${name} reachable at ${redactUrl(url)}`);
  }
  if (failures.length > 0) throw new UpError(failures.join("\n\n"));
}

function run(command, args, { env, capture = false } = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit", encoding: "utf8" });
  if (result.error) throw new UpError(`could not start ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const detail = capture ? `\n${(result.stderr || result.stdout || "").trim()}` : "";
    throw new UpError(`\`${[command, ...args].join(" ")}\` failed with exit code ${result.status}${detail}`);
  }
  return result;
}

const admin = (args, env, options = {}) => run(NPM, ["run", "--silent", "admin", "--", ...args], { env, ...options });

async function queryFinds(databaseUrl, sql, values) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query(sql, values);
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

const accountExists = (databaseUrl, email) => queryFinds(databaseUrl, "SELECT 1 FROM accounts WHERE email = $1", [email]);

/**
 * Whether `key` is a live key of `email` in this database. A key kept in .env is stale when the
 * database was dropped or DATABASE_URL now names another one; keys are stored as their SHA-256
 * (packages/db/src/accounts/keys.ts).
 */
const isLiveKeyOf = (databaseUrl, email, key) => queryFinds(
  databaseUrl,
  `SELECT 1 FROM api_keys k JOIN accounts a ON a.id = k."accountId"
   WHERE a.email = $1 AND k."secretHash" = $2 AND k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > now())`,
  [email, createHash("sha256").update(key, "utf8").digest("hex")],
);

function saveToEnvFile(entries) {
  writeFileSync(ENV_FILE, appendEntries(readEnvFile() ?? "", entries));
}

async function demoAccountAndKey(env) {
  const fileValues = parseEnv(readEnvFile() ?? "");
  // `admin demo` imports the demo instruments and creates the account only when it is absent.
  const password = fileValues.DEMO_PASSWORD ?? generateSecret(15);
  if (!(await accountExists(env.DATABASE_URL, DEMO.email)) && !fileValues.DEMO_PASSWORD) saveToEnvFile({ DEMO_PASSWORD: password });
  admin(["demo", "--email", DEMO.email, "--handle", DEMO.handle, "--plan", DEMO.plan, "--password", password], env);

  const stored = fileValues.DEMO_API_KEY;
  if (stored && (await isLiveKeyOf(env.DATABASE_URL, DEMO.email, stored))) {
    console.log("  reusing the demo key stored in .env (DEMO_API_KEY)");
    return stored;
  }
  const created = admin(["key", "create", "--email", DEMO.email, "--scopes", DEMO.scopes, "--name", DEMO.keyName], env, { capture: true });
  const key = created.stdout.trim().split(/\r?\n/).pop()?.trim();
  if (!key) throw new UpError("`npm run admin -- key create` printed no key");
  writeFileSync(ENV_FILE, replaceEntry(readEnvFile() ?? "", "DEMO_API_KEY", key));
  console.log(stored
    ? `  the demo key in .env is not a live key in ${redactUrl(env.DATABASE_URL)}: created a new one and replaced DEMO_API_KEY`
    : "  created a demo key and stored it in .env as DEMO_API_KEY");
  return key;
}

function startServices(env) {
  const entries = [["api", "apps/api/src/main.ts"], ["worker", "apps/worker/src/main.ts"]];
  for (const [name, entry] of entries) {
    if (!existsSync(join(ROOT, entry))) throw new UpError(`cannot start the ${name}: ${entry} does not exist yet`);
  }
  const pretty = prettyLogs({ isTTY: process.stdout.isTTY, env: process.env, load: () => createRequire(import.meta.url)("pino-pretty") });
  const children = entries.map(([name, entry]) => {
    const [command, args] = tsx(entry);
    const child = spawn(command, args, { cwd: ROOT, env: serviceEnv(name, env), stdio: ["inherit", pretty ? "pipe" : "inherit", "inherit"] });
    if (pretty) child.stdout.pipe(pretty());
    return { name, child };
  });
  let exiting = false;
  const stopAll = (signal) => {
    for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      exiting = true;
      stopAll(signal);
    });
  }
  for (const { name, child } of children) {
    child.on("exit", (code, signal) => {
      if (!exiting) {
        console.error(`\n${name} exited (${signal ?? `code ${code}`}); stopping the others`);
        exiting = true;
        process.exitCode = code || 1;
        stopAll("SIGTERM");
      }
      if (children.every((c) => c.child.exitCode !== null || c.child.signalCode !== null)) process.exit(process.exitCode ?? 0);
    });
  }
}

async function main() {
  process.chdir(ROOT);
  const existing = readEnvFile();
  let env = resolveEnv(existing === null ? {} : parseEnv(existing), process.env);

  step("checking Postgres and Redis");
  await checkServices(env);

  if (!existsSync(join(ROOT, "node_modules"))) {
    step("installing dependencies (npm install)");
    run(NPM, ["install"], { env: process.env });
  }

  if (existing === null) {
    step("writing .env with a fresh APP_SECRET");
    writeFileSync(ENV_FILE, defaultEnvFile(), { mode: 0o600 });
  } else if (!parseEnv(existing).APP_SECRET && !process.env.APP_SECRET) {
    step("adding a fresh APP_SECRET to .env");
    saveToEnvFile({ APP_SECRET: generateSecret() });
  } else {
    console.log("\n» using the existing .env");
  }
  env = resolveEnv(parseEnv(readEnvFile() ?? ""), process.env);
  const childEnv = { ...process.env, ...env };

  // Before the minutes of migrating, seeding and building: a value a service refuses is said now.
  step("checking the configuration");
  const checked = spawnSync(...tsx("scripts/lib/check-config.ts"), { cwd: ROOT, env: childEnv, encoding: "utf8" });
  if (checked.status !== 0) throw new UpError(`${(checked.stderr || checked.error?.message || "").trim()}\nFix it in the environment or .env, then run \`npm run up\` again.`);

  step("creating the database if absent and migrating");
  run(...tsx("packages/db/src/migrate/cli.ts"), { env: childEnv });

  step("seeding (barscript-admin seed)");
  admin(["seed"], childEnv);

  step("demo instruments, account and key (barscript-admin demo)");
  const key = await demoAccountAndKey(childEnv);

  console.log(`\nBarscript is at ${env.PUBLIC_URL ?? DEFAULTS.PUBLIC_URL}`);
  console.log(`Demo API key (demo@example.com): ${key}`);
  console.log(`Try: curl -H "Authorization: Bearer ${key}" ${env.PUBLIC_URL ?? DEFAULTS.PUBLIC_URL}/v1/me\n`);

  step("building the web app (npm run build:web)");
  run(NPM, ["run", "--silent", "build:web"], { env: childEnv });

  step("starting one API and one worker (Ctrl-C stops both)");
  startServices(childEnv);
}

main().catch((error) => {
  console.error(`\nnpm run up: ${error instanceof UpError ? error.message : error?.stack ?? error}`);
  process.exit(1);
});
