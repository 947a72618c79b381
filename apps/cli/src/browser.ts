// Opens a link in the person's browser when there is one to open: a desktop session (macOS,
// Windows, or Linux with a display) and not CI or SSH. Failing to open is never an error: the
// link is printed anyway.
import { spawn } from "node:child_process";

export function canOpenBrowser(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): boolean {
  if (env["BARSCRIPT_NO_BROWSER"] || env["CI"] || env["SSH_CONNECTION"]) return false;
  if (platform === "darwin" || platform === "win32") return true;
  return Boolean(env["DISPLAY"] || env["WAYLAND_DISPLAY"]);
}

export function openBrowser(url: string, env: NodeJS.ProcessEnv): boolean {
  if (!canOpenBrowser(env)) return false;
  const [command, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : [env["BROWSER"] ?? "xdg-open", [url]];
  try {
    const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
