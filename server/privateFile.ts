import { constants, existsSync, lstatSync } from "node:fs";
import { lstat, mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";

// Files that hold visitors' personal data (the contact queue, server/contact/sqliteQueue.ts):
// where they may live, and who may open them.

/** A queue file or folder that is not ours to trust: a link, another user's, open to others. */
export class UnsafeFileError extends Error {
  override name = "UnsafeFileError";
}

const ownUid = () => process.geteuid?.() ?? 0;

/**
 * The folder must be a real directory of this user or root, not writable by others unless
 * sticky (/tmp), and the store's files no links and nobody else's: otherwise a file could be
 * swapped for a link to one of ours, or to root's when an operator runs the command as root.
 */
export async function checkPlace(file: string): Promise<void> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const info = await lstat(folder);
  const unsafe = info.isSymbolicLink()
    ? "is a symbolic link"
    : !info.isDirectory()
      ? "is not a directory"
      : info.uid !== ownUid() && info.uid !== 0
        ? `belongs to uid ${info.uid}, not to this user (uid ${ownUid()})`
        : (info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0
          ? `is writable by other users (mode ${(info.mode & 0o7777).toString(8)})`
          : undefined;
  if (unsafe) throw new UnsafeFileError(`${folder} ${unsafe}: refusing to use it`);
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    const found = await lstat(name).catch(() => undefined);
    if (found?.isSymbolicLink()) throw new UnsafeFileError(`${name} is a symbolic link: refusing to open it`);
    if (found && found.uid !== ownUid())
      throw new UnsafeFileError(`${name} belongs to uid ${found.uid}, not to this user (uid ${ownUid()})`);
  }
  // Created private before SQLite opens it; its -wal and -shm take the same mode.
  await (await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)).close();
}

/**
 * Operators often run commands in a container as root. The queue's files are the server
 * user's: root drops to their owner before opening anything, so nothing it does can be turned
 * against root's own files.
 */
export function dropToOwner(file: string): void {
  const folder = dirname(file);
  if (process.getuid?.() !== 0 || !existsSync(folder)) return;
  const info = lstatSync(folder);
  if (info.isSymbolicLink()) throw new Error(`${folder} is a symbolic link: refusing to use it`);
  if (info.uid === 0) return;
  process.setgid!(info.gid);
  process.setuid!(info.uid);
}
