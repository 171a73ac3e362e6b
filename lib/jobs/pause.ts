// Crash testing: a step named in JOB_PAUSE_AT announces itself on stdout and waits forever, so a
// test can kill the process at exactly that point (inside a job's open transaction, or in confirm
// between the processor's charge and the transaction that records it).
export async function pausePoint(name: string): Promise<void> {
  if (process.env.JOB_PAUSE_AT !== name) return;
  console.log(`paused:${name}`);
  await new Promise(() => {});
}
