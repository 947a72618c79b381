// Writing a streamed response with back-pressure: one piece at a time, the next only once the
// socket has taken the last, so a slow client never makes the server hold a whole export.
import type { Response } from "express";

/** Writes `text` (or bytes); resolves when the socket can take more, rejects if the client went away first. */
export function writeStreamed(res: Response, text: string | Uint8Array): Promise<void> {
  if (res.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = (): void => { res.off("close", onClose); resolve(); };
    const onClose = (): void => { res.off("drain", onDrain); reject(new Error("client went away")); };
    res.once("drain", onDrain);
    res.once("close", onClose);
  });
}
