// The words of an indicator's drawings as text (DrawingsText): the canvas has none a screen reader
// or a keyboard reaches. The tables it drew are HTML tables over the chart, at their position in
// their pane (chart/overlay.tsx, docs/adr/0235), read as tables where they are; in the run page's
// Table view they are listed as plain tables (DrawingTables).
import { shownTables, tablePlan, type Drawings } from "../chart/mapping";
import { Scroll } from "../ui";

/** "2013-02-14 00:00:00 UTC" */
const whenText = (iso: string | null): string => (iso ? iso.replace("T", " ").replace(/(\.\d+)?Z$/, " UTC") : "–");

/**
 * The drawings' words as text: what a label says (its tooltip too, which TradingView shows on
 * hover only) and a box's text, with where each is, and how many lines, boxes, polylines and fills
 * the chart draws. The canvas has no text a screen reader or a keyboard can reach.
 */
export function DrawingsText(props: { drawings: Drawings }) {
  const d = props.drawings;
  const labels = (d.labels ?? []).filter((l) => l.text !== "" || (l.tooltip ?? "") !== "");
  const boxes = (d.boxes ?? []).filter((b) => (b.text ?? "") !== "");
  const counts: Array<[number, string]> = [[d.labels?.length ?? 0, "label"], [d.lines?.length ?? 0, "line"], [d.boxes?.length ?? 0, "box"], [d.polylines?.length ?? 0, "polyline"], [d.linefills?.length ?? 0, "linefill"]];
  const shown = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}${n === 1 ? "" : what === "box" ? "es" : "s"}`);
  if (shown.length === 0) return null;
  return (
    <details class="drawings-text">
      <summary>Drawings as text: {shown.join(", ")}</summary>
      {labels.length > 0 ? (
        <Scroll label="Labels the script drew">
          <table>
            <caption>Labels</caption>
            <thead><tr><th scope="col">Time (UTC)</th><th scope="col">Price</th><th scope="col">Text</th><th scope="col">Tooltip</th></tr></thead>
            <tbody>{labels.map((l) => <tr><td>{whenText(l.time)}</td><td>{l.price === null ? "na" : l.price}</td><td>{l.text}</td><td>{l.tooltip ?? ""}</td></tr>)}</tbody>
          </table>
        </Scroll>
      ) : null}
      {boxes.length > 0 ? (
        <Scroll label="Text in the boxes the script drew">
          <table>
            <caption>Boxes with text</caption>
            <thead><tr><th scope="col">From (UTC)</th><th scope="col">To (UTC)</th><th scope="col">Top</th><th scope="col">Bottom</th><th scope="col">Text</th></tr></thead>
            <tbody>{boxes.map((b) => <tr><td>{whenText(b.time1)}</td><td>{whenText(b.time2)}</td><td>{b.top ?? "na"}</td><td>{b.bottom ?? "na"}</td><td>{b.text}</td></tr>)}</tbody>
          </table>
        </Scroll>
      ) : null}
    </details>
  );
}

/**
 * The run's tables in the Table view, without the chart: each a plain table named as on the chart
 * ("Table 1, top right of the chart (rows × columns)"), its column and row numbers (table.cell's
 * column and row) as headers, a merged rectangle one cell, and a cell's tooltip (which the chart
 * shows on hover or focus) written under its text. Only the tables the chart shows are listed
 * (shownTables: none without cells, the last at each position).
 */
export function DrawingTables(props: { drawings: Drawings }) {
  const tables = shownTables(props.drawings.tables ?? []).map(({ table, index }) => ({ t: table, plan: tablePlan(table, index) }));
  if (tables.length === 0) return null;
  return (
    <div class="drawing-tables">
      {tables.map(({ t, plan }) => {
        const columns = Math.max(0, Math.floor(t.columns));
        return (
          <Scroll label={plan.caption}>
            <table>
              <caption>{plan.caption}</caption>
              <thead><tr><td />{Array.from({ length: columns }, (_, c) => <th scope="col">Column {c}</th>)}</tr></thead>
              <tbody>
                {plan.rows.map((row, r) => (
                  <tr>
                    <th scope="row">Row {r}</th>
                    {row.map((c) => (
                      <td colSpan={c.colSpan} rowSpan={c.rowSpan}>
                        {c.text}
                        {c.tooltip !== "" ? <span class="cell-tooltip muted">Tooltip: {c.tooltip}</span> : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        );
      })}
    </div>
  );
}
