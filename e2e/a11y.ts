/**
 * Accessibility checks for e2e journeys: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the page as
 * it is now. Any serious or critical violation fails the test; the failure lists each rule, its
 * help text and the offending elements. Call it at every state a journey reaches (each step,
 * each open modal, error states), e.g. `await expectNoSeriousViolations(page, 'date step')`.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations axe finds on the page (or inside `include`, a CSS selector). */
export async function seriousViolations(page: Page, include?: string): Promise<A11yFinding[]> {
  // axe.run in the page and its frames (legacy mode), not runPartial with finishRun in a new blank page per
  // scan; and only the violations' nodes sent back, not every node that passed.
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

function describe(findings: A11yFinding[]): string {
  return findings.map((finding) => `${finding.impact} ${finding.rule}: ${finding.help}\n    ${finding.targets.join('\n    ')}`).join('\n');
}

/**
 * Fails (softly: the journey goes on so one run reports every state) when axe finds a serious or
 * critical violation. `label` names the state in the report.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const findings = await seriousViolations(page);
  const nodes = findings.reduce((sum, finding) => sum + finding.targets.length, 0);
  if (process.env.A11Y_LOG) console.log(`[axe] ${label}: ${findings.length} rules, ${nodes} nodes\n${describe(findings)}`);
  expect.soft(findings, `axe: serious/critical violations on "${label}":\n${describe(findings)}`).toEqual([]);
}
