// The contact queue for an operator: see a flood, clear it, handle dead letters. Built into
// dist/server/outbox.js (`node dist/server/outbox.js stats` in the image; `npm run outbox --
// stats` in a checkout). It reads the server's configuration (REDIS_URL, else
// CONTACT_QUEUE_FILE) and works beside running servers. Run as root, it acts as the queue
// files' owner. Output names no one: ids, times, sender domains. Exit: 0 done, 1 error, 2 usage.
//   stats                               messages kept, by age and by sender domain
//   list [--domain D] [--older-than T]  one line per kept message, oldest first
//   delete --domain D | --older-than T | <id>   deletes kept messages (both filters: both must match)
//   dead                                one line per dead letter: id, when, attempts, why
//   retry <id> | --all                  dead letters back into the queue, with a new maximum age
//   purge <id> | --all                  dead letters deleted
// T is a duration: 90s, 30m, 2h, 7d.
import { parseArgs } from "node:util";
import { pino } from "pino";
import { loadConfig } from "./config.ts";
import { openContactQueue } from "./contact/openContactQueue.ts";
import type { ContactQueue, KeptSummary } from "./contact/queue.ts";
import { dropToOwner } from "./privateFile.ts";
import { connectRedis } from "./redis.ts";

const USAGE =
  "usage: outbox stats | list [--domain D] [--older-than T] | delete --domain D | --older-than T | <id>\n" +
  "       outbox dead | retry <id>|--all | purge <id>|--all";
const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const HOUR = 3_600_000;

class UsageError extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();
const line = (kept: KeptSummary) =>
  [kept.id, iso(kept.receivedAt), kept.senderDomain, kept.deadAt === undefined ? "queued" : "dead"].join("\t");

function stats(kept: KeptSummary[], now = Date.now()): string[] {
  const ages = [0, 0, 0];
  const domains = new Map<string, number>();
  for (const k of kept) {
    ages[now - k.receivedAt < HOUR ? 0 : now - k.receivedAt < 24 * HOUR ? 1 : 2]!++;
    domains.set(k.senderDomain, (domains.get(k.senderDomain) ?? 0) + 1);
  }
  const byDomain = [...domains].sort((a, b) => b[1] - a[1]).map(([domain, n]) => `${domain}\t${n}`);
  const byAge = [`< 1h\t${ages[0]}`, `1h-24h\t${ages[1]}`, `>= 24h\t${ages[2]}`];
  return [`kept\t${kept.length}`, "", "by age", ...byAge, "", "by sender domain", ...byDomain];
}

async function run(queue: ContactQueue, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { domain: { type: "string" }, "older-than": { type: "string" }, all: { type: "boolean" } },
  });
  const [command, target, ...rest] = positionals;
  const age = values["older-than"];
  const match = age === undefined ? undefined : /^(\d+)([smhd])$/.exec(age);
  if (rest.length > 0) throw new UsageError(USAGE);
  if (age !== undefined && !match) throw new UsageError(`--older-than takes a duration such as 30m or 2h, not ${age}`);
  const filter = {
    domain: values.domain,
    receivedBefore: match ? Date.now() - Number(match[1]) * UNITS[match[2]!]! : undefined,
  };
  switch (command) {
    case "stats": {
      const counts = await queue.counts();
      console.log(stats(await queue.listKept()).join("\n"));
      console.error(`${Math.round(counts.fullness * 100)}% full (${counts.queued} queued, ${counts.dead} dead)`);
      return 0;
    }
    case "list":
      for (const kept of await queue.listKept(filter)) console.log(line(kept));
      return 0;
    case "delete": {
      if (target === undefined && filter.domain === undefined && filter.receivedBefore === undefined)
        throw new UsageError("delete needs --domain, --older-than or an id");
      const deleted = await queue.deleteKept({ ...filter, id: target });
      console.error(`deleted ${deleted} message(s)`);
      return target !== undefined && deleted === 0 ? 1 : 0;
    }
    case "dead":
      for (const dead of await queue.listKept({ dead: true }))
        console.log([dead.id, iso(dead.deadAt ?? 0), `attempts=${dead.attempts}`, dead.reason].join("\t"));
      return 0;
    case "retry":
    case "purge": {
      if (target === undefined && !values.all) throw new UsageError(USAGE);
      const count =
        command === "retry" ? await queue.retryDead(target) : await queue.deleteKept({ id: target, dead: true });
      console.error(`${command === "retry" ? "requeued" : "purged"} ${count} dead letter(s)`);
      return target !== undefined && count === 0 ? 1 : 0;
    }
    default:
      throw new UsageError(USAGE);
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.REDIS_URL) dropToOwner(config.CONTACT_QUEUE_FILE);
  const logger = pino({ level: "error" }, pino.destination(2)); // The queue's progress lines are for the server's log.
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, logger) : undefined;
  const queue = openContactQueue(config, logger, redis);
  try {
    return await run(queue, process.argv.slice(2));
  } finally {
    await queue.close();
    redis?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
