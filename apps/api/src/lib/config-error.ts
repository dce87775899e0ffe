/** One bad environment variable: its name and what is wrong (never its value when it may be secret). */
export type ConfigProblem = { variable: string; message: string };

/**
 * What loadConfig throws when the environment is wrong: every bad variable at once, one line each,
 * so a deployment is fixed in one go. Messages name variables and never repeat a secret's value.
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    const [only] = problems;
    super(
      problems.length === 1 && only
        ? only.message
        : `${problems.length} environment variables are invalid:\n${problems.map((p) => `- ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
