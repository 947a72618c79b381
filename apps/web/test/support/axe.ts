// axe-core's accessibility checks on a browser test's page as it is. The script is evaluated
// through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.0 and 2.1 A/AA and axe's best practices. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** One rule's violation: the rule and each offending node's target (as JSON). */
export interface AxeFinding {
  id: string;
  targets: string[];
}

/** The violations of the rules `runOnly` selects (by tag or by rule id). */
export async function axeFindings(page: Page, runOnly: { type: "tag" | "rule"; values: string[] }): Promise<AxeFinding[]> {
  // once per document: a page the app changed without a load still has it (the 500 KB script is
  // not parsed and run again for each check)
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function"))) await page.evaluate(AXE);
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run({ runOnly: only });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, runOnly);
}

/** WCAG and best-practice violations, each as `rule: [its first three targets]`. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const found = await axeFindings(page, { type: "tag", values: WCAG_TAGS });
  return found.map((f) => `${f.id}: [${f.targets.slice(0, 3).join(",")}]`);
}
