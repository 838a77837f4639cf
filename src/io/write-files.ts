import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeAtomically } from './write-atomically.js';

/** A file to write: its path relative to a directory (`api/v1/regions`, `/_headers`) and its bytes. */
export interface FileToWrite {
  readonly path: string;
  readonly contents: string;
}

/** Writes each file atomically under `dir`, creating directories; returns the absolute paths in order. */
export async function writeFiles(dir: string, files: readonly FileToWrite[]): Promise<string[]> {
  const written: string[] = [];
  for (const { path, contents } of files) {
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeAtomically(target, contents);
    written.push(target);
  }
  return written;
}
