// The order files start in. Vitest runs the files of earlier runs' cached durations longest first,
// but a fresh clone (CI) has no cache and it starts the largest files first: small files that run
// long (the page walks, a job cluster waiting for its fires) then start last and leave one worker
// running alone at the end. These start first; the rest keep vitest's order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export function slowFilesFirst(slow: string[]) {
  return class extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (file: TestSpecification) => {
        const index = slow.findIndex((name) => file.moduleId.endsWith(`/${name}`));
        return index < 0 ? slow.length : index;
      };
      // Array.prototype.sort is stable: files outside the list keep vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
