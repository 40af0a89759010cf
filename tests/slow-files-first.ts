/**
 * The order in which vitest hands test files to its workers: the files that take longest first, so that no
 * long file starts last and runs alone while the other worker idles. Vitest's own order runs the projects one
 * after another by name (components before server) and, within one, the files slowest in the last run first
 * (its cache) or, on a fresh clone, the largest first. Here: the hostile-input fuzz and the multi-process
 * PostgreSQL files (*.postgres.test.ts), then the other server files, then the rest; vitest's order within each.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const rank = (spec: TestSpecification): number => {
  if (/hostile-input-fuzz\.test\.ts$|\.postgres\.test\.ts$/.test(spec.moduleId)) return 0;
  return spec.project.name.startsWith('server') ? 1 : 2;
};

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
