// Every statistic of one ranked row of a sweep, at every horizon, shown under the row on demand (its Details button):
// the ranked table has room for a few columns at one horizon, the rows carry the study statistics
// of docs/reference/api.md ("Study statistics, extended") and Holm's p at each
// (docs/adr/0306-clients-used-from-outside-three.md).
import type { SweepHorizon, SweepRow } from "../types";
import { num } from "../ui";
import { HorizonTable } from "./study";

/** The inputs of a row as words ("level 25, len 21"). */
export const rowInputs = (row: SweepRow, names: string[]): string => names.map((n) => `${n} ${String(row.inputs[n])}`).join(", ");

const P_ADJUSTED: Array<[string, (h: SweepHorizon) => string]> = [["p adjusted (Holm)", (h) => num(h.p_adjusted, 4)]];

export function RowStats(props: { row: SweepRow; names: string[] }) {
  const { row } = props;
  return <HorizonTable caption={`Every statistic of ${rowInputs(row, props.names)} (rank ${row.rank}, ${row.events} events)`} horizons={row.horizons} more={P_ADJUSTED} />;
}
