// Completes package-lock.json with the platform-specific optional packages that this machine's
// npm registry does not carry (macOS, Windows, other CPUs: @swc/core-darwin-arm64 and the like).
// `npm install` leaves them out of the lock when the registry answers 404, and `npm ci` then
// refuses the lock as "out of sync" ("Missing: @swc/core-darwin-arm64@ from lock file").
// Each added entry names its version, os and cpu as the package's own name says, and is marked
// optional, so npm skips it on Linux x64 without fetching it, as it would with a complete lock.
//
//   node scripts/lock-optional-platforms.mjs [path/to/package-lock.json]   (idempotent)
//
// Run it after any `npm install` that changed package-lock.json. See docs/adr/0003-complete-lockfile-for-missing-platform-packages.md.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPU = { arm64: "arm64", x64: "x64", ia32: "ia32", arm: "arm", ppc64: "ppc64", s390x: "s390x", riscv64: "riscv64", loong64: "loong64", wasm32: "wasm32", mips64el: "mips64el" };

/** os, cpu and libc as a platform package's name spells them (`core-linux-arm64-musl`). */
export function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p] ?? (p === "arm" || p.startsWith("armv") ? "arm" : undefined)).find(Boolean);
  const libc = parts.includes("musl") ? "musl" : parts.includes("gnu") || parts.includes("gnueabihf") ? "glibc" : undefined;
  return { os, cpu, libc };
}

export function completeLock(lock) {
  const packages = lock.packages ?? {};
  const added = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      // Where npm would look for it: beside the dependant, then up to the root.
      const base = path === "" ? "" : `${path}/`;
      const candidates = [`${base}node_modules/${dep}`];
      let up = path;
      while (up.includes("node_modules/")) {
        up = up.slice(0, up.lastIndexOf("node_modules/")).replace(/\/$/, "");
        candidates.push(`${up ? `${up}/` : ""}node_modules/${dep}`);
      }
      if (candidates.some((c) => c in packages)) continue;
      const { os, cpu, libc } = platformOf(dep);
      if (!os && !cpu) continue; // not a platform package: leave it to npm
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact pins, as platform packages are
      const target = `node_modules/${dep}`;
      const placed = target in packages ? candidates[0] : target;
      // Keys in the order npm itself writes them, so a later `npm install` changes nothing.
      packages[placed] = {
        version: spec,
        ...(cpu ? { cpu: [cpu] } : {}),
        ...(entry.dev ? { dev: true } : {}),
        ...(libc ? { libc: [libc] } : {}),
        optional: true,
        ...(os ? { os: [os] } : {}),
      };
      added.push(`${placed}@${spec}`);
    }
  }
  for (const [path, entry] of Object.entries(packages)) {
    if (entry.optional && !entry.integrity && !entry.resolved && (entry.os || entry.cpu)) {
      const { version, cpu, dev, libc, optional, os, ...rest } = entry;
      const ordered = { version, cpu, dev, libc, optional, os, ...rest };
      for (const key of Object.keys(ordered)) if (ordered[key] === undefined) delete ordered[key];
      if (JSON.stringify(ordered) !== JSON.stringify(entry)) { packages[path] = ordered; added.push(`${path} (reordered)`); }
    }
  }
  if (added.length > 0) {
    lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
  }
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? "package-lock.json";
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const added = completeLock(lock);
  if (added.length > 0) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length > 0 ? `completed or reordered ${added.length} optional platform entries:\n  ${added.join("\n  ")}` : "package-lock.json is complete");
}
