// Waiting for a line of a server's output, for the specs that start servers of their own: checked as
// each chunk arrives (no polling), failing at once if the server exits, or at the deadline.
import type { ChildProcess } from "node:child_process";

export function outputMatches(
  child: ChildProcess,
  output: () => string,
  pattern: RegExp,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const stop = () => {
      child.stdout?.off("data", check);
      child.stderr?.off("data", check);
      child.off("exit", exited);
      deadline.removeEventListener("abort", late);
    };
    function check() {
      if (!pattern.test(output())) return;
      stop();
      resolve();
    }
    function exited() {
      stop();
      reject(new Error(`The server exited:\n${output()}`));
    }
    function late() {
      stop();
      reject(new Error(`No ${pattern} within ${timeoutMs} ms in:\n${output()}`));
    }
    // After the callers' own listeners, which append each chunk to the output.
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", exited);
    deadline.addEventListener("abort", late);
    if (child.exitCode !== null) exited();
    else check();
  });
}
