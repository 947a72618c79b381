// Tool answers stay small enough for a model's context: at most TEXT_BUDGET characters of JSON
// (and the same again as structuredContent for tools that declare an output schema). An answer
// over budget keeps as many items of its list as fit and says how to page for the rest.
export const TEXT_BUDGET = 9_000;
export const LIST_FIELDS = ["data", "outputs", "events", "diagnostics", "files", "groups"] as const;

const size = (value: unknown): number => JSON.stringify(value).length;

function listField(value: Record<string, unknown>): string | null {
  for (const field of LIST_FIELDS) if (Array.isArray(value[field])) return field;
  return null;
}

/** The value, or a copy whose longest list is cut to fit, with `truncated` saying what was left out. */
export function fit(value: unknown, budget = TEXT_BUDGET): unknown {
  if (size(value) <= budget || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const field = listField(record);
  if (!field) return { truncated: `answer of ${size(value)} characters left out; ask for less (a smaller limit, a cursor, or an offset)` };
  const items = record[field] as unknown[];
  let keep = items.length;
  const cut = (n: number): Record<string, unknown> => ({ ...record, [field]: items.slice(0, n), truncated: `${n} of ${items.length} ${field} shown: pass a smaller limit, or page with the cursor` });
  while (keep > 0 && size(cut(keep)) > budget) keep = Math.floor(keep * 0.7);
  return cut(keep);
}

/**
 * A page of a list read with `limit`, read again with as many items as fit when `fit` would cut
 * it: its next_cursor then follows the last item shown. A list cut after the read kept the API's
 * cursor, which points past the whole page asked, so following it skipped the items left out
 * (docs/adr/0316-clients-used-from-outside-four.md).
 */
export async function fittedPage(read: (limit: number) => Promise<unknown>, limit: number, budget = TEXT_BUDGET): Promise<unknown> {
  const page = await read(limit);
  const shown = fit(page, budget);
  if (shown === page || shown === null || typeof shown !== "object") return shown;
  const field = listField(shown as Record<string, unknown>);
  if (!field) return shown;
  const kept = Math.max(1, ((shown as Record<string, unknown>)[field] as unknown[]).length);
  const fewer = (await read(kept)) as Record<string, unknown>;
  return { ...fewer, truncated: `${kept} of the ${limit} ${field} asked fit in one answer: pass next_cursor as cursor for the ones after them` };
}

/** Characters of text in one part: escaped as JSON (newlines, quotes) it stays under TEXT_BUDGET. */
export const TEXT_PART = 6_000;

/** Long text (markdown, sources) in parts of `budget` characters from `offset`. */
export function textPage(text: string, offset: number, budget = TEXT_PART): { text: string; offset: number; total_chars: number; next_offset: number | null } {
  const start = Math.max(0, Math.min(offset, text.length));
  const end = Math.min(text.length, start + budget);
  return { text: text.slice(start, end), offset: start, total_chars: text.length, next_offset: end < text.length ? end : null };
}
