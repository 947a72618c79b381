// What the chart shows over its panes in HTML (docs/adr/0235): a run's tables at their position in
// the pane they belong to, as TradingView floats them over the chart (their text a screen reader
// reads as a table), shrunk to fit a narrow pane rather than cut; and a label's tooltip, shown while
// the pointer is over the label or the label has the keyboard's focus (Escape hides it).
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Rect } from "./drawings";
import type { TableCellPlan, TablePlan } from "./mapping";

/** A pane's box in the chart's stage, in CSS pixels. */
export interface PaneBox { top: number; left: number; width: number; height: number }

const VALIGN = { top: "top", center: "middle", bottom: "bottom" } as const;

function cellStyle(c: TableCellPlan, t: TablePlan, pane: PaneBox): Record<string, string | number> {
  const style: Record<string, string | number> = { fontSize: `${c.size}px`, textAlign: c.halign, verticalAlign: VALIGN[c.valign] };
  if (c.background) style.background = c.background;
  if (c.color) style.color = c.color;
  // a cell's width and height are percentages of the pane (0: fit the text)
  if (c.width > 0) style.width = `${(c.width / 100) * pane.width}px`;
  if (c.height > 0) style.height = `${(c.height / 100) * pane.height}px`;
  if (c.text !== "") style.padding = "2px 4px";
  // a cell with a tooltip takes the pointer, so its title shows on hover as TradingView's does
  if (c.tooltip !== "") style.pointerEvents = "auto";
  if (t.border && c.borderRight) style.borderRight = `${t.border.width}px solid ${t.border.color}`;
  if (t.border && c.borderBottom) style.borderBottom = `${t.border.width}px solid ${t.border.color}`;
  return style;
}

/** One drawn table at its place in its pane; wider or taller than the pane, it is scaled down to fit. */
export function ChartTable(props: { plan: TablePlan; pane: PaneBox }) {
  const { plan, pane } = props;
  const table = useRef<HTMLTableElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = table.current;
    if (!el) return;
    // offsetWidth and offsetHeight are the table's own size, before any transform
    const [w, h] = [el.offsetWidth, el.offsetHeight];
    const fit = Math.min(1, w > 0 ? pane.width / w : 1, h > 0 ? pane.height / h : 1);
    setScale((k) => (Math.abs(k - fit) > 0.001 ? fit : k));
  }, [plan, pane.width, pane.height]);
  const { vertical, horizontal } = plan.place;
  const style: Record<string, string | number> = {
    transformOrigin: `${horizontal} ${vertical}`,
    transform: `translate(${horizontal === "center" ? "-50%" : "0"}, ${vertical === "center" ? "-50%" : "0"}) scale(${scale})`,
  };
  if (horizontal === "left") style.left = 0;
  else if (horizontal === "right") style.right = 0;
  else style.left = "50%";
  if (vertical === "top") style.top = 0;
  else if (vertical === "bottom") style.bottom = 0;
  else style.top = "50%";
  if (plan.background) style.background = plan.background;
  if (plan.frame) style.border = `${plan.frame.width}px solid ${plan.frame.color}`;
  return (
    <table class="chart-table" ref={table} style={style} data-position={`${vertical}_${horizontal}`}>
      <caption class="visually-hidden">{plan.caption}</caption>
      <tbody>
        {plan.rows.map((row) => (
          <tr>{row.map((c) => <td colSpan={c.colSpan} rowSpan={c.rowSpan} style={cellStyle(c, plan, pane)} title={c.tooltip || undefined}>{c.text}</td>)}</tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An unseen button over a label that has a tooltip: hovering it or giving it focus shows the
 * tooltip beside the label (below it in the pane's upper half, above it in the lower), as TradingView
 * shows a label's tooltip on hover; Escape hides it until the pointer or focus leaves.
 */
export function LabelTip(props: { id: string; rect: Rect; pane: PaneBox; text: string; tooltip: string }) {
  const { rect, pane } = props;
  const [dismissed, setDismissed] = useState(false);
  const below = rect.y + rect.h / 2 < pane.height / 2;
  const middle = rect.x + rect.w / 2;
  const side = middle < pane.width / 3 ? "start" : middle > (2 * pane.width) / 3 ? "end" : "middle";
  return (
    <span
      class={`label-tip${dismissed ? " dismissed" : ""}`}
      style={{ left: pane.left + rect.x, top: pane.top + rect.y, width: rect.w, height: rect.h }}
      onMouseLeave={() => setDismissed(false)}
    >
      <button
        type="button"
        aria-label={props.text === "" ? "Label" : `Label ${props.text}`}
        aria-describedby={props.id}
        onKeyDown={(e) => { if (e.key === "Escape") setDismissed(true); }}
        onBlur={() => setDismissed(false)}
      />
      <span role="tooltip" id={props.id} class={`tip ${below ? "below" : "above"} ${side}`}>{props.tooltip}</span>
    </span>
  );
}
