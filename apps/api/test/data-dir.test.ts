import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { checkDataDir, dataDirFolders, StartupError, startupFailureText } from '../src/lib/data-dir.ts';

// A read-only file system, as a mount gives it (root ignores chmod, so the test cannot make one).
let readOnly: string | undefined;
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fs,
    writeFile: (file: Parameters<typeof fs.writeFile>[0], ...rest: unknown[]) => {
      if (readOnly && String(file).startsWith(readOnly)) {
        const err = Object.assign(new Error(`EROFS: read-only file system, open '${String(file)}'`), {
          code: 'EROFS',
          errno: -30,
          syscall: 'open',
        });
        return Promise.reject(err);
      }
      return (fs.writeFile as (...args: unknown[]) => Promise<void>)(file, ...rest);
    },
  };
});

const root = mkdtempSync(path.join(tmpdir(), 'baan-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let sequence = 0;
const fresh = () => path.join(root, `data${++sequence}`);

describe('the DATA_DIR check at start', () => {
  it('names the PGlite database, local uploads and temporaries; only what this configuration writes to', () => {
    const dataDir = '/srv/baan';
    expect(dataDirFolders({ dataDir, databaseUrl: undefined, s3: undefined })).toEqual([
      '/srv/baan/db',
      '/srv/baan/uploads',
      '/srv/baan/tmp',
    ]);
    expect(dataDirFolders({ dataDir, databaseUrl: 'postgres://db/baan', s3: { bucket: 'b' } })).toEqual([
      '/srv/baan/tmp',
    ]);
  });

  it('makes missing folders and leaves no probe file behind', async () => {
    const dataDir = fresh();
    const folders = dataDirFolders({ dataDir, databaseUrl: undefined, s3: undefined });
    await checkDataDir(folders);
    for (const folder of folders) expect(readdirSync(folder)).toEqual([]);
  });

  it('stops with one line naming the folder and the errno on a read-only disk', async () => {
    const dataDir = fresh();
    readOnly = path.join(dataDir, 'db');
    try {
      const failure = await checkDataDir(dataDirFolders({ dataDir, databaseUrl: undefined, s3: undefined })).catch(
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(StartupError);
      const text = startupFailureText(failure);
      expect(text).toBe(
        `StartupError: DATA_DIR is not writable: cannot write in ${path.join(dataDir, 'db')} (EROFS on open). Check DATA_DIR.`,
      );
      expect(text.split('\n')).toHaveLength(1);
    } finally {
      readOnly = undefined;
    }
  });

  it('stops naming the folder when a file stands where it should be', async () => {
    const dataDir = fresh();
    await checkDataDir([dataDir]);
    writeFileSync(path.join(dataDir, 'tmp'), 'not a folder');
    const failure = await checkDataDir([path.join(dataDir, 'tmp')]).catch((err: unknown) => err);
    expect(String((failure as Error).message)).toMatch(
      new RegExp(
        `^DATA_DIR is not writable: cannot write in ${path.join(dataDir, 'tmp')} \\((EEXIST|ENOTDIR) on mkdir\\)`,
      ),
    );
  });

  it('prints a configuration error as its message only, and anything unexpected whole', () => {
    const config = new ConfigError([{ variable: 'PORT', message: 'PORT must be a port number, got "x"' }]);
    expect(startupFailureText(config)).toBe('ConfigError: PORT must be a port number, got "x"');
    expect(startupFailureText(new Error('boom'))).toMatch(/^Error: boom\n\s+at /);
  });
});

describe('the production start on an unwritable DATA_DIR', () => {
  const bin = path.resolve(import.meta.dirname, '../bin/baan.js');
  it.skipIf(!existsSync(path.resolve(import.meta.dirname, '../dist/server.js')))(
    'exits 1 with one line on stderr naming the folder and the errno, no stack',
    () => {
      const dataDir = fresh();
      rmSync(dataDir, { recursive: true, force: true });
      writeFileSync(path.join(root, 'blocker'), 'x');
      // DATA_DIR itself is a file: none of its folders can be made.
      const result = spawnSync(process.execPath, [bin], {
        env: { PATH: process.env.PATH, DATA_DIR: path.join(root, 'blocker'), PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^StartupError: DATA_DIR is not writable: cannot write in ${path.join(root, 'blocker', 'db')} \\((ENOTDIR|EEXIST) on mkdir\\)`,
        ),
      );
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
