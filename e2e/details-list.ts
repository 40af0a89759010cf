import { expect, type Locator } from '@playwright/test';

/**
 * A details list (`<dl>` laid out as a grid of label and value) as the visitor sees it: every label
 * in the first column, its value beside it on the same line in the second, whatever wraps the pair.
 */
export async function expectLabelsBesideValues(list: Locator): Promise<void> {
  const pairs = await list.evaluate((dl) =>
    Array.from(dl.querySelectorAll('dt')).map((term) => {
      const value = term.nextElementSibling as HTMLElement | null;
      const at = term.getBoundingClientRect();
      const valueAt = value?.getBoundingClientRect();
      return {
        label: term.textContent ?? '',
        value: value?.tagName === 'DD' ? (value.textContent ?? '') : null,
        labelLeft: Math.round(at.left),
        labelTop: Math.round(at.top),
        valueLeft: valueAt ? Math.round(valueAt.left) : null,
        valueTop: valueAt ? Math.round(valueAt.top) : null,
        labelRight: Math.round(at.right),
      };
    }),
  );
  expect(pairs.length).toBeGreaterThan(0);
  const firstColumn = pairs[0]?.labelLeft;
  for (const pair of pairs) {
    expect(pair.value, `the value of "${pair.label}"`).not.toBeNull();
    expect(pair.labelLeft, `"${pair.label}" in the labels' column`).toBe(firstColumn);
    expect(pair.valueTop, `"${pair.value}" on the line of "${pair.label}"`).toBe(pair.labelTop);
    expect(pair.valueLeft ?? 0, `"${pair.value}" right of "${pair.label}"`).toBeGreaterThanOrEqual(pair.labelRight);
  }
}
