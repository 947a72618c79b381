// GET /docs and /docs/{topic}: hand-written guides plus a reference generated from the built-in
// records (packages/lang/src/builtins/record.ts), one topic per namespace.

import { BUILTIN_FUNCTIONS, BUILTIN_VARIABLES } from "../builtins";
import { DIAGNOSTICS_TOPIC, diagnosticsTopic } from "./diagnostics";
import { GUIDES } from "./guides";

export interface TopicSummary {
  topic: string;
  title: string;
  summary: string;
}

const NAMESPACE_TITLES: Record<string, string> = {
  ta: "Technical analysis (ta.*)",
  math: "Math (math.*)",
  str: "Strings (str.*)",
  array: "Arrays (array.*)",
  color: "Colors (color.*)",
  input: "Inputs (input.*)",
  core: "Core built-ins (plots, alerts, na, declarations)",
};

function namespaceOf(name: string): string {
  const k = name.indexOf(".");
  const ns = k < 0 ? "core" : name.slice(0, k);
  if (ns === "input" || name === "input") return "input";
  return ns in NAMESPACE_TITLES ? ns : "core";
}

function reference(ns: string): string {
  const lines = [`# ${NAMESPACE_TITLES[ns]}`, "", "Generated from the built-in table.", ""];
  const fns = [...BUILTIN_FUNCTIONS.values()].filter((f) => namespaceOf(f.name) === ns).sort((a, b) => a.name.localeCompare(b.name));
  if (fns.length > 0) lines.push("## Functions", "");
  for (const f of fns) {
    lines.push(`### ${f.name}`, "");
    for (const s of f.signatures) lines.push("```", s.text, "```");
    lines.push("", f.doc + (f.stateful ? " Keeps state per call site." : ""), "");
  }
  const vars = [...BUILTIN_VARIABLES.values()].filter((v) => namespaceOf(v.name) === ns).sort((a, b) => a.name.localeCompare(b.name));
  if (vars.length > 0) {
    lines.push("## Variables and constants", "");
    for (const v of vars) lines.push(`- \`${v.name}\`: ${v.doc}`);
    lines.push("");
  }
  return lines.join("\n");
}

const REFERENCE_TOPICS = Object.keys(NAMESPACE_TITLES).map((ns) => ({
  topic: `reference-${ns}`,
  title: NAMESPACE_TITLES[ns]!,
  summary: `Every ${ns === "core" ? "core" : `${ns}.*`} built-in: signatures, defaults and what it computes.`,
}));

export function listTopics(): TopicSummary[] {
  return [...GUIDES.map(({ topic, title, summary }) => ({ topic, title, summary })), ...REFERENCE_TOPICS, DIAGNOSTICS_TOPIC];
}

export function getTopic(name: string): string | null {
  const g = GUIDES.find((x) => x.topic === name);
  if (g) return g.body;
  if (name === DIAGNOSTICS_TOPIC.topic) return diagnosticsTopic();
  const r = REFERENCE_TOPICS.find((x) => x.topic === name);
  return r ? reference(r.topic.slice("reference-".length)) : null;
}
