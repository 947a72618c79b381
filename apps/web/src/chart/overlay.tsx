// What the chart shows over its panes in HTML (docs/adr/0235): a run's tables at their position in
// the pane they belong to, as TradingView floats them over the chart (their text a screen reader
// reads as a table), shrunk to fit a narrow pane rather than cut, raised above the chart library's
// logo rather than over it; and a label's or a table cell's tooltip, shown while the pointer is
// over it or it has the keyboard's focus (Escape hides it).
import { useId, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Rect } from "./drawings";
import type { TableCellPlan, TablePlan } from "./mapping";

/** A pane's box in the chart's stage, in CSS pixels. */
export interface PaneBox { top: number; left: number; width: number; height: number }

const VALIGN = { top: "top", center: "middle", bottom: "bottom" } as const;

function cellStyle(c: TableCellPlan, t: TablePlan, pane: PaneBox): Record<string, string | number> {
  const style: Record<string, string | number> = { fontSize: `${c.size}px`, textAlign: c.halign, verticalAlign: VALIGN[c.valign] };
  if (c.background) style.background = c.background;
  if (c.color) style.color = c.color;
  // the cell's text_formatting and text_font_family (docs/adr/0242)
  if (c.face.bold) style.fontWeight = "bold";
  if (c.face.italic) style.fontStyle = "italic";
  if (c.face.mono) style.fontFamily = "monospace";
  // a cell's width and height are percentages of the pane (0: fit the text)
  if (c.width > 0) style.width = `${(c.width / 100) * pane.width}px`;
  if (c.height > 0) style.height = `${(c.height / 100) * pane.height}px`;
  if (c.text !== "") style.padding = "2px 4px";
  // a cell with a tooltip takes the pointer, so its tooltip shows on hover as TradingView's does
  if (c.tooltip !== "") style.pointerEvents = "auto";
  if (t.border && c.borderRight) style.borderRight = `${t.border.width}px solid ${t.border.color}`;
  if (t.border && c.borderBottom) style.borderBottom = `${t.border.width}px solid ${t.border.color}`;
  return style;
}

/**
 * The chart library's attribution logo (lightweight-charts' `layout.attributionLogo`) in the
 * lowest pane: 35 by 19 pixels, 10 from the pane's left and bottom edges. A table at the bottom
 * that would reach over it sits above it instead (4 pixels apart), as TradingView keeps its logo
 * in sight.
 */
const LOGO = { right: 10 + 35, top: 10 + 19, gap: 4 };

/**
 * A tooltip's dismissal: Escape on its button hides it until the pointer leaves its host or the
 * button loses the focus (a label's and a table cell's alike, docs/adr/0235).
 */
function useDismissal(): { hostClass: string; onMouseLeave: () => void; button: { onKeyDown: (e: KeyboardEvent) => void; onBlur: () => void } } {
  const [dismissed, setDismissed] = useState(false);
  return {
    hostClass: dismissed ? " dismissed" : "",
    onMouseLeave: () => setDismissed(false),
    button: { onKeyDown: (e) => { if (e.key === "Escape") setDismissed(true); }, onBlur: () => setDismissed(false) },
  };
}

/**
 * A cell with a tooltip: its text is a button, so the keyboard reaches it; hovering the cell or
 * focusing the button shows the tooltip beside the cell, toward the pane's inside; Escape hides it
 * until the pointer or the focus leaves (as a label's, docs/adr/0235).
 */
function TipCell(props: { cell: TableCellPlan; plan: TablePlan; pane: PaneBox }) {
  const { cell, plan } = props;
  const id = useId();
  const dismissal = useDismissal();
  const { vertical, horizontal } = plan.place;
  const side = horizontal === "left" ? "start" : horizontal === "right" ? "end" : "middle";
  return (
    <td colSpan={cell.colSpan} rowSpan={cell.rowSpan} style={cellStyle(cell, plan, props.pane)} class={`cell-tip${dismissal.hostClass}`} onMouseLeave={dismissal.onMouseLeave}>
      <button type="button" aria-label={cell.text === "" ? "Cell" : undefined} aria-describedby={id} {...dismissal.button}>{cell.text}</button>
      <span role="tooltip" id={id} class={`tip ${vertical === "bottom" ? "above" : "below"} ${side}`}>{cell.tooltip}</span>
    </td>
  );
}

/**
 * One drawn table at its place in its pane; wider or taller than the pane, it is scaled down to
 * fit. `logo`: the pane holds the chart library's logo (it is the lowest).
 */
export function ChartTable(props: { plan: TablePlan; pane: PaneBox; logo?: boolean }) {
  const { plan, pane } = props;
  const table = useRef<HTMLTableElement>(null);
  const [fitted, setFitted] = useState({ scale: 1, lift: 0 });
  const { vertical, horizontal } = plan.place;
  useLayoutEffect(() => {
    const el = table.current;
    if (!el) return;
    // offsetWidth and offsetHeight are the table's own size, before any transform
    const [w, h] = [el.offsetWidth, el.offsetHeight];
    const fit = (height: number): number => Math.min(1, w > 0 ? pane.width / w : 1, h > 0 ? height / h : 1);
    let scale = fit(pane.height);
    let lift = 0;
    if (props.logo === true && vertical === "bottom") {
      const width = w * scale;
      const left = horizontal === "left" ? 0 : horizontal === "center" ? (pane.width - width) / 2 : pane.width - width;
      if (left < LOGO.right + LOGO.gap) {
        lift = LOGO.top + LOGO.gap;
        scale = fit(Math.max(0, pane.height - lift));
      }
    }
    setFitted((k) => (Math.abs(k.scale - scale) > 0.001 || k.lift !== lift ? { scale, lift } : k));
  }, [plan, pane.width, pane.height, props.logo]);
  const { scale, lift } = fitted;
  const style: Record<string, string | number> = {
    transformOrigin: `${horizontal} ${vertical}`,
    transform: `translate(${horizontal === "center" ? "-50%" : "0"}, ${vertical === "center" ? "-50%" : "0"}) scale(${scale})`,
  };
  if (horizontal === "left") style.left = 0;
  else if (horizontal === "right") style.right = 0;
  else style.left = "50%";
  if (vertical === "top") style.top = 0;
  else if (vertical === "bottom") style.bottom = lift;
  else style.top = "50%";
  if (plan.background) style.background = plan.background;
  if (plan.frame) style.border = `${plan.frame.width}px solid ${plan.frame.color}`;
  return (
    <table class="chart-table" ref={table} style={style} data-position={`${vertical}_${horizontal}`}>
      <caption class="visually-hidden">{plan.caption}</caption>
      <tbody>
        {plan.rows.map((row) => (
          <tr>{row.map((c) => (c.tooltip === "" ? <td colSpan={c.colSpan} rowSpan={c.rowSpan} style={cellStyle(c, plan, pane)}>{c.text}</td> : <TipCell cell={c} plan={plan} pane={pane} />))}</tr>
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
  const dismissal = useDismissal();
  const below = rect.y + rect.h / 2 < pane.height / 2;
  const middle = rect.x + rect.w / 2;
  const side = middle < pane.width / 3 ? "start" : middle > (2 * pane.width) / 3 ? "end" : "middle";
  return (
    <span
      class={`label-tip${dismissal.hostClass}`}
      style={{ left: pane.left + rect.x, top: pane.top + rect.y, width: rect.w, height: rect.h }}
      onMouseLeave={dismissal.onMouseLeave}
    >
      <button type="button" aria-label={props.text === "" ? "Label" : `Label ${props.text}`} aria-describedby={props.id} {...dismissal.button} />
      <span role="tooltip" id={props.id} class={`tip ${below ? "below" : "above"} ${side}`}>{props.tooltip}</span>
    </span>
  );
}
