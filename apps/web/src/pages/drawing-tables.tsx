// The tables an indicator drew (table.new, table.cell; GET /v1/runs/{run_id}/drawings): on
// TradingView they float over the chart at their position; here each is an HTML table under the
// chart, named by its position, with the cells' text and colors as the script set them.
import type { DrawingTable } from "../chart/mapping";
import { cssColor } from "../chart/mapping";
import { Scroll } from "../ui";

/** "top_right" -> "top right" */
const positionText = (position: string): string => position.replace(/_/g, " ");

function grid(t: DrawingTable): Array<Array<DrawingTable["cells"][number] | undefined>> {
  const rows = Array.from({ length: t.rows }, () => Array.from({ length: t.columns }, (): DrawingTable["cells"][number] | undefined => undefined));
  for (const c of t.cells) {
    const row = rows[c.row];
    if (row && c.column >= 0 && c.column < t.columns) row[c.column] = c;
  }
  return rows;
}

export function DrawingTables(props: { tables: DrawingTable[] }) {
  if (props.tables.length === 0) return null;
  return (
    <section aria-labelledby="drawn-tables-title">
      <h2 id="drawn-tables-title">Tables the script drew</h2>
      {props.tables.map((t, i) => {
        const caption = `Table ${i + 1}, ${positionText(t.position)} of the chart (${t.rows} × ${t.columns})`;
        return (
          <Scroll label={caption}>
            <table class="drawn">
              <caption>{caption}</caption>
              <tbody>
                {grid(t).map((row) => (
                  <tr>{row.map((c) => (
                    <td style={c ? { background: cssColor(c.bg_color, "transparent"), color: cssColor(c.text_color, "inherit") } : undefined}>{c?.text ?? ""}</td>
                  ))}</tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        );
      })}
    </section>
  );
}
