// Sends the contact messages stored in the outbox to the provider's API and keeps only those
// that still fail; permanent refusals and messages past the attempt cap go to the dead-letter
// file beside it. Built into dist/server/outbox-replay.js, so it runs in the image:
//   CONTACT_UPSTREAM_URL=https://api.example.com node dist/server/outbox-replay.js [--max-attempts N] [--settle-ms MS]
// (or `npm run outbox:replay` from the sources). Exit: 0 all sent, 2 some kept, dead-lettered or
// unreadable, 3 another replay is running, 1 error. See the README, "Replaying the outbox".
import { loadConfig } from "../server/config.ts";
import {
  DEFAULT_MAX_ATTEMPTS,
  ReplayBusyError,
  replayOutbox,
  type ReplayEvent,
} from "../server/contact/replayOutbox.ts";

/** `--name N`: a whole number of at least `min`, or the default when absent. */
function numberArg(args: string[], name: string, fallback: number, min: number): number {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} needs a whole number of at least ${min}`);
  return value;
}

/** One line per message, by id: the outbox holds personal data, the terminal gets none of it. */
function describe(event: ReplayEvent): string {
  switch (event.kind) {
    case "sent":
      return `sent ${event.id} (upstream ${event.status})`;
    case "kept":
      return `kept ${event.id}: ${event.reason} (attempt ${event.attempts})`;
    case "dead-lettered":
      return `dead-lettered ${event.id}: ${event.reason} (attempt ${event.attempts})`;
    case "unreadable":
      return `unreadable line ${event.line} kept as it is`;
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.CONTACT_UPSTREAM_URL) {
    console.error("CONTACT_UPSTREAM_URL is not set: there is nowhere to send the outbox to.");
    return 1;
  }
  const report = await replayOutbox({
    outboxFile: config.CONTACT_OUTBOX_FILE,
    upstreamUrl: config.CONTACT_UPSTREAM_URL,
    timeoutMs: config.CONTACT_UPSTREAM_TIMEOUT_MS,
    maxAttempts: numberArg(process.argv.slice(2), "--max-attempts", DEFAULT_MAX_ATTEMPTS, 1),
    settleMs: numberArg(process.argv.slice(2), "--settle-ms", 1000, 0),
    onEvent: (event) => console.log(describe(event)),
  });
  console.log(
    `outbox replay: ${report.sent} sent, ${report.kept} kept (still failing), ${report.deadLettered} dead-lettered, ${report.unreadable} unreadable lines kept`,
  );
  return report.kept > 0 || report.deadLettered > 0 || report.unreadable > 0 ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof ReplayBusyError ? 3 : 1);
  },
);
