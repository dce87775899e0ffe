import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { ConfigError } from './config-error.ts';

/** A start that cannot go on for a reason the operator fixes outside Baan; its message is the whole story. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The folders under DATA_DIR this configuration writes to: the PGlite database, local uploads, upload temporaries. */
export function dataDirFolders(config: { dataDir: string; databaseUrl: string | undefined; s3: unknown }): string[] {
  return [
    ...(config.databaseUrl ? [] : [path.join(config.dataDir, 'db')]),
    ...(config.s3 ? [] : [path.join(config.dataDir, 'uploads')]),
    path.join(config.dataDir, 'tmp'),
  ];
}

/**
 * Before anything opens them: each folder exists (or is made) and a file can be written in it and removed. A
 * read-only or full disk, a folder owned by someone else, or a file where a folder should be stops the start with one
 * line naming the folder and the errno (PGlite alone said "PGlite failed to initialize properly" with a stack).
 */
export async function checkDataDir(folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    const probe = path.join(folder, `.write-check-${randomUUID()}`);
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    } catch (err) {
      const { code, syscall } = err as NodeJS.ErrnoException;
      const reason = code ? `${code}${syscall ? ` on ${syscall}` : ''}` : String((err as Error).message ?? err);
      throw new StartupError(`DATA_DIR is not writable: cannot write in ${folder} (${reason}). Check DATA_DIR.`);
    }
  }
}

/** What the start prints when it fails: one line for a failure it explains itself, the whole error otherwise. */
export function startupFailureText(err: unknown): string {
  if (err instanceof StartupError || err instanceof ConfigError) return `${err.name}: ${err.message}`;
  return inspect(err);
}
