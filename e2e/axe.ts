import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each. */
export async function violations(page: Page) {
  const axe = new AxeBuilder({ page })
    // Only violations are read: axe still runs every rule on every node, but stops collecting and
    // serialising each passing node. Before withTags: options() replaces the options withTags sets.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // A page without frames is checked by axe.run in the page itself: the default mode opens a blank tab
  // per check to merge the frames' results (2–3 s a check instead of about 1 on this machine). A page
  // with frames keeps it: the in-page mode skipped an image without alt inside a srcdoc frame.
  if (page.frames().length === 1) axe.setLegacyMode();
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
