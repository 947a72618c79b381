// The docs topic `diagnostics`, generated from the catalogue of codes (language/codes.ts): what
// each code means, which stage reports it, and a script that gets it.

import { DIAGNOSTIC_CODES } from "../language/codes";
import type { Stage } from "../types";

export const DIAGNOSTICS_TOPIC = {
  topic: "diagnostics",
  title: "Diagnostic codes",
  summary: "Every code validation can report (lint, link, derive): what it means and a script that gets it.",
};

const STAGE_NOTES: Record<Stage, string> = {
  lint: "the file itself: syntax, names, types, placement and limits",
  link: "imports of files and libraries, and the definitions a study uses",
  derive: "the script's Interface: inputs, outputs, events and warmup",
};

export function diagnosticsTopic(): string {
  const lines = [
    "# Diagnostic codes",
    "",
    "Validation reports each problem as a diagnostic: a `severity`, the `stage` that found it, a stable `code`, a message and its place (1-based lines and columns). Errors make a script invalid; warnings do not. Each example below follows `//@version=6` and `indicator(\"t\")` unless it starts with its own `//@version`.",
    "",
    ...(Object.keys(STAGE_NOTES) as Stage[]).map((s) => `- \`${s}\`: ${STAGE_NOTES[s]}.`),
    "",
  ];
  for (const c of DIAGNOSTIC_CODES) {
    lines.push(`## ${c.code}`, "", `${c.severity === "error" ? "Error" : "Warning"} (${c.stages.join(", ")}). ${c.meaning}`, "");
    if (c.example.startsWith("(")) lines.push(`For example ${c.example}.`, "");
    else lines.push("```pine", c.example, "```", "");
  }
  return lines.join("\n");
}
