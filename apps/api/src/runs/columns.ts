// The columns of indicator points, in JSON pages and CSV alike (docs/adr/0052).

/** The point's time column. */
export const TIME_COLUMN = "t";

/**
 * Output names as point keys and CSV columns: `t` is the time column, so an output named `t`
 * (or one that collides after that) takes the derive rule's next free `_2`, `_3`, ... name.
 */
export function columnNames(names: readonly string[]): string[] {
  const used = new Set<string>([TIME_COLUMN]);
  return names.map((name) => {
    let unique = name;
    for (let i = 2; used.has(unique); i++) unique = `${name}_${i}`;
    used.add(unique);
    return unique;
  });
}
