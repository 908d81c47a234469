// Package armclient is how the operator talks to Azure Resource Manager: every request goes
// through one azcore pipeline per credential, which adds the bearer token, retries throttling
// and server errors, waits for the operator-wide rate limit and records ASO's request metrics.
//
// The package speaks in ARM IDs and raw JSON rather than generated SDK clients, because the
// reconciler is generic: it holds ARM wire types that marshal themselves, and an ARM ID with an
// api-version is all it needs to address any resource.
//
// Long-running operations are exposed one poll at a time (Poller.Poll) so that the reconciler
// can requeue between polls, holding a resume token in an annotation, instead of blocking a
// worker for the minutes some resources take.
package armclient
