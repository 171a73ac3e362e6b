// The data-folder lock between real processes: openers started together on a folder with a stale
// lock file (the state a killed server leaves behind), and a holder killed with SIGKILL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCK_FILE } from "./folder-lock";
import { openTogether, startOpener, stopAll, waitFor } from "@/test/lock-openers";

function staleLockFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-race-"));
  // What a server killed mid-run leaves: its details, with nobody holding the kernel lock. The pid
  // is one no process has (the old pid check took such files over: that was the race).
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 999_999_999, host: os.hostname() }));
  return dir;
}

describe("the data-folder lock between processes", () => {
  it("gives a folder with a stale lock file to exactly one of 6 openers started together, 20 times", async () => {
    const holdersPerTrial: number[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const dir = staleLockFolder();
      const { answers, openers } = await openTogether(dir, 6);
      try {
        holdersPerTrial.push(answers.filter((a) => a === "held").length);
        for (const answer of answers.filter((a) => a !== "held")) {
          // The holder's details, unless it was still writing them when this opener read the file.
          expect(answer).toMatch(
            /^refused The embedded database in .* is in use by another process \((pid \d+ on .+|its pid is unknown)\)\. /,
          );
        }
        // The holder's details are in the file, for the refusal message.
        const holder = openers[answers.indexOf("held")];
        if (holder) {
          expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8"))).toMatchObject({
            pid: holder.child.pid,
          });
        }
      } finally {
        await stopAll(openers);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    console.log(`holders per trial: ${holdersPerTrial.join(" ")}`);
    expect(holdersPerTrial).toEqual(Array(20).fill(1));
  }, 300_000);

  it("is free again the moment its holder is killed with SIGKILL", async () => {
    const dir = staleLockFolder();
    const first = startOpener(dir);
    const second = startOpener(dir);
    try {
      await waitFor(() => first.lines.includes("ready") && second.lines.includes("ready"), 60_000, "openers");
      first.child.stdin!.write("go\n");
      await waitFor(() => first.lines.length >= 2, 30_000, "the first opener");
      expect(first.lines[1]).toBe("held");
      // Killed, not stopped: no clean-up code runs, the kernel alone releases the lock. The next
      // opener tries at once, while the killed process may still be a zombie nobody has reaped.
      first.child.kill("SIGKILL");
      await first.exited;
      second.child.stdin!.write("go\n");
      await waitFor(() => second.lines.length >= 2, 30_000, "the second opener");
      expect(second.lines[1]).toBe("held");
    } finally {
      await stopAll([first, second]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
