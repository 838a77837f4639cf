/**
 * Which files (paths under `public/`) to upload: those whose digest differs
 * from the one the bucket is known to hold under `prefix` + path (new files
 * among them), in the order given. A file gone
 * from `public/` is not deleted from the bucket: published documents are never
 * withdrawn, and a stale object is better than a 404 for a reader.
 */
export function planUploads(
  current: ReadonlyMap<string, string>,
  uploaded: Readonly<Record<string, string>>,
  prefix: string,
): { readonly changed: string[]; readonly unchanged: number } {
  const changed: string[] = [];
  for (const [file, digest] of current) {
    if (uploaded[`${prefix}${file}`] !== digest) changed.push(file);
  }
  return { changed, unchanged: current.size - changed.length };
}
