// Sends the contact messages stored in the outbox to the provider's API and keeps only
// those that still fail. Usage: CONTACT_UPSTREAM_URL=https://api.example.com npm run outbox:replay
import { loadConfig } from "../server/config.ts";
import { replayOutbox } from "../server/contact/replayOutbox.ts";

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
  });
  console.log(`outbox replay: ${report.sent} sent, ${report.kept} kept (still failing), ${report.unreadable} unreadable lines kept`);
  return report.kept > 0 || report.unreadable > 0 ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
