import { constants } from "node:fs";
import { lstat, mkdir, open, rename, unlink, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";

const { O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_RDONLY, O_WRONLY } = constants;

/** A queue file or folder that is not ours to trust: a symlink, another user's, open to others. */
export class UnsafeFileError extends Error {
  override name = "UnsafeFileError";
}

const ownUid = () => process.geteuid?.() ?? 0;

/**
 * The folder must be a real directory (not a symlink), owned by this user or root, and not
 * writable by others (unless sticky, like /tmp): otherwise another user could swap a file in it
 * for a link to one of ours, or to root's when an operator runs the CLI as root.
 */
export async function checkFolder(folder: string): Promise<void> {
  const info = await lstat(folder);
  if (info.isSymbolicLink())
    throw new UnsafeFileError(`${folder} is a symbolic link: refusing to use it for the contact queue`);
  if (!info.isDirectory()) throw new UnsafeFileError(`${folder} is not a directory`);
  if (info.uid !== ownUid() && info.uid !== 0)
    throw new UnsafeFileError(`${folder} belongs to uid ${info.uid}, not to this user (uid ${ownUid()})`);
  if ((info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0)
    throw new UnsafeFileError(`${folder} is writable by other users (mode ${(info.mode & 0o7777).toString(8)})`);
}

/**
 * Opens a queue file without following a symbolic link (O_NOFOLLOW: a planted link fails with
 * ELOOP, which becomes a clear error), and checks what was opened: a regular file of this user.
 */
export async function openOwnFile(file: string, flags: number, mode = 0o600): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file, flags | O_NOFOLLOW, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      throw new UnsafeFileError(`${file} is a symbolic link: refusing to open it`);
    throw error;
  }
  const info = await handle.stat();
  if (!info.isFile() || info.uid !== ownUid()) {
    await handle.close();
    throw new UnsafeFileError(
      info.isFile()
        ? `${file} belongs to uid ${info.uid}, not to this user (uid ${ownUid()}): refusing to use it`
        : `${file} is not a regular file`,
    );
  }
  return handle;
}

/** The folder of a queue file, created private if missing, and checked. */
export async function ensureFolder(file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await checkFolder(dirname(file));
}

export const openFlags = { append: O_WRONLY | O_APPEND | O_CREAT, create: O_WRONLY | O_CREAT | O_EXCL, read: O_RDONLY };

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
  await ensureFolder(file);
  const handle = await openOwnFile(file, openFlags.append);
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
  await ensureFolder(file);
  const temporary = `${file}.${process.pid}.tmp`;
  // A temporary file left by a crash is ours to replace; O_EXCL then never opens what is there.
  await unlinkIfOwn(temporary);
  const handle = await openOwnFile(temporary, openFlags.create);
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
  let handle: FileHandle;
  try {
    handle = await openOwnFile(file, openFlags.read);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  try {
    return (await handle.readFile("utf8")).split("\n");
  } finally {
    await handle.close();
  }
}

async function unlinkIfOwn(file: string): Promise<void> {
  const info = await lstat(file).catch(() => undefined);
  if (!info) return;
  if (info.isSymbolicLink() || info.uid !== ownUid()) throw new UnsafeFileError(`${file} is not this user's file`);
  await unlink(file);
}
