// The caps on what a run's summary lists (docs/adr/0026-worker-caps.md): at most 20 distinct
// runtime-error messages of at most 500 characters each, the occurrences of the rest counted.
// The worker applies them when it builds a summary; serializing applies them again, so a row
// stored before the caps is served within them too.
import type { RuntimeErrorSummary } from "./types";

/** Most distinct entries a list in a run's summary keeps; the rest are counted. */
export const MAX_LISTED = 20;
/** Longest text of one listed entry (a runtime error's message), in characters. */
export const MAX_LISTED_CHARS = 500;

/** `text` cut to `max` characters (never inside a surrogate pair), ending with an ellipsis when cut. */
export function clip(text: string, max = MAX_LISTED_CHARS): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** A counted message with the times of its first and last occurrence (Unix seconds or ISO text). */
export interface CountedMessage<T extends number | string> {
  message: string;
  count: number;
  first_time: T;
  last_time: T;
}

/**
 * Distinct messages in the order they were first seen: at most MAX_LISTED, each clipped to
 * MAX_LISTED_CHARS (messages equal once clipped are merged); `dropped` counts the occurrences of
 * the messages left out, so the counts still add up.
 */
export function capMessages<T extends number | string>(list: readonly CountedMessage<T>[]): { kept: Array<CountedMessage<T>>; dropped: number } {
  const kept = new Map<string, CountedMessage<T>>();
  let dropped = 0;
  for (const e of list) {
    const message = clip(e.message);
    const seen = kept.get(message);
    if (seen) {
      seen.count += e.count;
      if (e.first_time < seen.first_time) seen.first_time = e.first_time;
      if (e.last_time > seen.last_time) seen.last_time = e.last_time;
    } else if (kept.size < MAX_LISTED) kept.set(message, { message, count: e.count, first_time: e.first_time, last_time: e.last_time });
    else dropped += e.count;
  }
  return { kept: [...kept.values()], dropped };
}

/** A summary's runtime errors within the caps, with the occurrences left out (0: none). */
export function cappedRuntimeErrors(list: readonly RuntimeErrorSummary[], droppedBefore = 0): { runtime_errors: RuntimeErrorSummary[]; dropped: number } {
  const { kept, dropped } = capMessages(list);
  return { runtime_errors: kept, dropped: dropped + droppedBefore };
}
