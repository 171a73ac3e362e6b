// Job names of the subscriptions domain that the job registry and the modules scheduling the jobs
// both need: a leaf module, so the registry never reads them from a half-loaded module.
export const RETRY_RENEWAL_JOB = "subscription.retry_renewal";
