// A validation thread: runs packages/lang `validate` for the API so lint, link and derive of a
// large script never block the API's event loop. Imports are resolved by the main thread.
import { parentPort } from "node:worker_threads";
import { validate } from "@barscript/lang";
import type { Resolved } from "@barscript/db";
import type { FromThread, ToThread } from "./protocol";

const port = parentPort;
if (!port) throw new Error("validation thread started outside a worker");

let requests = 0;
const waiting = new Map<number, { resolve: (found: Resolved | null) => void; reject: (error: Error) => void }>();

function send(message: FromThread): void {
  port?.postMessage(message);
}

async function run(id: number, files: Extract<ToThread, { type: "validate" }>["files"]): Promise<void> {
  try {
    const result = await validate(files, {
      resolver: {
        resolve: (ref) => new Promise<Resolved | null>((resolve, reject) => {
          const request = ++requests;
          waiting.set(request, { resolve, reject });
          send({ type: "resolve", id, request, ref: { owner: ref.owner, slug: ref.slug, version: ref.version } });
        }),
      },
    });
    const { valid, kind, title, diagnostics, dependencies } = result;
    send({ type: "done", id, validation: { valid, kind, title, diagnostics, interface: result.interface, dependencies } });
  } catch (error) {
    send({ type: "failed", id, message: error instanceof Error ? error.message : String(error) });
  }
}

port.on("message", (message: ToThread) => {
  if (message.type === "validate") {
    void run(message.id, message.files);
    return;
  }
  const pending = waiting.get(message.request);
  if (!pending) return;
  waiting.delete(message.request);
  if (message.error !== null) pending.reject(new Error(message.error));
  else pending.resolve(message.found);
});
