// Scratch buffers for result pages, reused across requests. A fresh multi-megabyte Buffer costs
// more to touch (page faults) and to collect than writing a page into it (docs/adr/0084), so a
// page's buffer goes back here once its response has finished (every byte handed to the
// operating system). A response that closes without finishing keeps its buffer out for good:
// a write still in flight could otherwise read bytes of a later page.
import type { Response } from "express";

/** Buffers are sized in steps of 1 MB, and at most 32 MB of them wait here. */
const STEP = 1024 * 1024;
const MAX_FREE_BYTES = 32 * STEP;

const free: Buffer[] = [];
let freeBytes = 0;

/** A buffer of at least `size` bytes (contents undefined). */
export function takeBuffer(size: number): Buffer {
  let best = -1;
  for (let i = 0; i < free.length; i++) {
    const b = free[i] as Buffer;
    if (b.length >= size && (best < 0 || b.length < (free[best] as Buffer).length)) best = i;
  }
  if (best < 0) return Buffer.allocUnsafeSlow(Math.ceil(size / STEP) * STEP);
  const [b] = free.splice(best, 1) as [Buffer];
  freeBytes -= b.length;
  return b;
}

/** Gives back a buffer no response holds (nothing can still read it). */
export function giveBack(buffer: Buffer): void {
  if (freeBytes + buffer.length > MAX_FREE_BYTES) return;
  free.push(buffer);
  freeBytes += buffer.length;
}

/** Gives `buffer` back once `res` has finished; never if it closes first. */
export function returnAfter(res: Response, buffer: Buffer): void {
  res.once("finish", () => giveBack(buffer));
}
