// The contact queue's dead letters, for an operator: list, retry, purge. Built into
// dist/server/outbox.js, so it runs in the image (`node dist/server/outbox.js list`), and from a
// checkout as `npm run outbox -- list`. It reads the server's configuration (REDIS_URL, else
// CONTACT_OUTBOX_FILE). With Redis it works beside running replicas; the file queue belongs
// to one process, so stop the server first. Run as root, it acts as the queue files' owner.
// Exit: 0 done, 1 error, 2 usage.
//   list                      one line per dead letter: id, when, attempts, why (no personal data)
//   retry <id> | --all        back into the queue, with a new maximum age
//   purge <id> | --all        deleted
import { existsSync, lstatSync } from "node:fs";
import { dirname } from "node:path";
import { pino } from "pino";
import { ConfigError, loadConfig } from "../config.ts";
import { openContactQueue } from "./openContactQueue.ts";
import type { ContactQueue, DeadLetter } from "./queue.ts";

const USAGE = "usage: outbox list | outbox retry <id>|--all | outbox purge <id>|--all";

const line = (dead: DeadLetter) =>
  [dead.id, new Date(dead.deadAt).toISOString(), `attempts=${dead.attempts}`, dead.reason].join("\t");

async function run(queue: ContactQueue, [command, target]: string[]): Promise<number> {
  if (command === "list" && target === undefined) {
    const dead = await queue.listDead();
    for (const letter of dead) console.log(line(letter));
    const { queued } = await queue.counts();
    console.error(`${dead.length} dead letter(s); ${queued} message(s) queued for delivery`);
    return 0;
  }
  if ((command === "retry" || command === "purge") && target !== undefined) {
    const id = target === "--all" ? undefined : target;
    const count = command === "retry" ? await queue.retryDead(id) : await queue.purgeDead(id);
    console.error(`${command === "retry" ? "requeued" : "purged"} ${count} dead letter(s)`);
    return id !== undefined && count === 0 ? 1 : 0;
  }
  console.error(USAGE);
  return 2;
}

/**
 * Operators often run commands in a container as root. The file queue's files are the server
 * user's: root drops to their owner before opening anything, so nothing it does can be turned
 * against root's own files (a link planted by the service user is refused either way).
 */
function dropToQueueOwner(file: string): void {
  if (process.getuid?.() !== 0) return;
  const folder = dirname(file);
  if (!existsSync(folder)) return;
  const info = lstatSync(folder);
  if (info.isSymbolicLink()) throw new Error(`${folder} is a symbolic link: refusing to use it for the contact queue`);
  if (info.uid === 0) return;
  process.setgid!(info.gid);
  process.setuid!(info.uid);
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.REDIS_URL) dropToQueueOwner(config.CONTACT_OUTBOX_FILE);
  // Errors only: the queue's own progress lines are for the server's log.
  const queue = openContactQueue(config, pino({ level: "error" }, pino.destination(2)));
  try {
    return await run(queue, process.argv.slice(2));
  } finally {
    await queue.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
