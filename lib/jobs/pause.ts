// Crash testing: a job step named in JOB_PAUSE_AT announces itself on stdout and waits forever, so
// a test can kill the worker process at exactly that point (inside the job's open transaction).
export async function pausePoint(name: string): Promise<void> {
  if (process.env.JOB_PAUSE_AT !== name) return;
  console.log(`paused:${name}`);
  await new Promise(() => {});
}
