/**
 * `npm run outbox -- failed`: the jobs that ran out of retries, with their last error, and how
 * many jobs handed to Redis are overdue.
 * `npm run outbox -- resend <id …>` or `-- resend --all-failed`: puts them back in the
 * outbox, where the running relay (web process or worker) picks them up within a second
 * (docs/operations.md#outbox).
 */
import { pathToFileURL } from "node:url";
import { closeDb } from "../db/client";
import { listFailed, outboxCounts, resend, type FailedJob } from "../jobs/outbox-admin";
import { relayedTimeoutMs } from "../jobs/queues";

const usage = "Usage: npm run outbox -- failed | resend <id …> | resend --all-failed";

/** Long errors would push the table off the screen; the full text is in outbox.last_error. */
const ERROR_WIDTH = 70;

function table(jobs: FailedJob[]): string[] {
  const header = ["id", "job id", "template", "recipients", "attempts", "last error", "when"];
  const rows = jobs.map((job) => {
    const error = (job.lastError ?? "").replace(/\s+/g, " ");
    return [
      String(job.id),
      job.jobId,
      job.template ?? job.jobName,
      job.recipients?.join(", ") ?? "",
      String(job.attempts),
      error.length > ERROR_WIDTH ? `${error.slice(0, ERROR_WIDTH - 1)}…` : error,
      job.failedAt ? `${job.failedAt.toISOString().slice(0, 19).replace("T", " ")} UTC` : "",
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)];
}

/** Runs the command for `args` (what follows `--`), printing through `print`; returns the exit code. */
export async function outboxCommand(args: string[], print: (line: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (command === "failed" && rest.length === 0) {
    const jobs = await listFailed();
    if (jobs.length === 0) print("No failed jobs.");
    else table(jobs).forEach((line) => print(line));
    // Not failed, yet not delivered either: a loss must not read "No failed jobs" alone.
    const { overdue } = await outboxCounts();
    const minutes = Math.round(relayedTimeoutMs / 60_000);
    if (overdue === 1)
      print(`1 job handed to Redis over ${minutes} minutes ago is not finished yet (see docs/operations.md#outbox).`);
    else if (overdue > 1)
      print(
        `${overdue} jobs handed to Redis over ${minutes} minutes ago are not finished yet (see docs/operations.md#outbox).`,
      );
    return 0;
  }
  if (command === "resend" && rest.length > 0) {
    const all = rest.length === 1 && rest[0] === "--all-failed";
    const ids = rest.map(Number);
    if (!all && !ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
      print(usage);
      return 2;
    }
    const requeued = await resend(all ? "all-failed" : ids);
    print(requeued.length ? `Queued again: ${requeued.join(", ")}` : "Nothing to re-send.");
    const skipped = all ? [] : ids.filter((id) => !requeued.includes(id));
    if (skipped.length) print(`Not re-sent (unknown or not failed): ${skipped.join(", ")}`);
    return 0;
  }
  print(usage);
  return 2;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let code = 1;
  try {
    code = await outboxCommand(process.argv.slice(2), (line) => console.log(line));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await closeDb();
  }
  process.exit(code);
}
