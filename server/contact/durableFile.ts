import { mkdir, open, readFile, rename, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";

/** Writes one chunk at the end of the file: the real write, or a failing one in tests. */
export type ChunkWriter = (handle: FileHandle, bytes: Buffer) => Promise<number>;

const writeChunk: ChunkWriter = async (handle, bytes) => (await handle.write(bytes)).bytesWritten;

/**
 * Appends whole lines and flushes them to disk before resolving: once a visitor is told their
 * message is kept, it survives a crash. All or nothing: a write that fails part-way (ENOSPC,
 * EIO, EFBIG after a short write) is cut off again, so the file never holds a partial line that
 * the next one would be glued onto. The file holds personal data: only its owner may read it.
 * Callers serialise their appends (the file queue runs one operation at a time).
 */
export async function appendLines(file: string, lines: string[], write: ChunkWriter = writeChunk): Promise<void> {
  if (lines.length === 0) return;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, "a", 0o600);
  try {
    await handle.chmod(0o600);
    const before = (await handle.stat()).size;
    const bytes = Buffer.from(lines.map((line) => line + "\n").join(""));
    let written = 0;
    try {
      while (written < bytes.length) {
        const n = await write(handle, bytes.subarray(written));
        if (n <= 0) throw Object.assign(new Error("the queue file write made no progress"), { code: "EIO" });
        written += n;
      }
      await handle.sync();
    } catch (error) {
      // Back to the length it had: what the visitor is told failed leaves no trace.
      await handle
        .truncate(before)
        .then(() => handle.sync())
        .catch(() => {});
      throw error;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Replaces the file with `lines` so that a crash at any point leaves either the old file or
 * the new one: written beside it, flushed, renamed over it, and the rename flushed.
 */
export async function replaceLines(file: string, lines: string[]): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, "w", 0o600);
  try {
    await handle.writeFile(lines.map((line) => line + "\n").join(""));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** The file's lines, or none when it does not exist. */
export async function readLines(file: string): Promise<string[]> {
  try {
    return (await readFile(file, "utf8")).split("\n");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
