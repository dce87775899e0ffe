import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, contentTypeOf, type Storage } from './storage.ts';

/** Files on the local disk under `root` (DATA_DIR/uploads), served by the API at /uploads/<key>. */
export function createLocalStorage(root: string, publicPrefix = '/uploads'): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, body);
        await rename(tmp, file);
      } catch (err) {
        // A disk that fills up mid-write leaves half a file; it must not linger (or keep the disk full).
        await rm(tmp, { force: true }).catch(() => undefined);
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size, contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    async *list(prefix) {
      const dir = path.join(root, ...prefix.split('/').filter(Boolean));
      let names: string[];
      try {
        names = (await readdir(dir, { recursive: true })).map(String);
      } catch {
        return;
      }
      for (const name of names) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || name.endsWith('.tmp')) continue;
        yield { key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: info.mtime };
      }
    },
    url(key) {
      assertSafeKey(key);
      return `${publicPrefix}/${key}`;
    },
  };
}
