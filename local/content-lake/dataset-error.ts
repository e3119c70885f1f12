/** The error a dataset load fails with: every problem found, each naming its file and line. */

export class DatasetError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
    super(`Content lake: the dataset has ${problems.length} problem(s):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'DatasetError';
    this.problems = problems;
  }
}
