// Package reconciler is the generic ARM reconciler: one Reconciler serves every generated kind,
// driving Azure to match the spec the way Azure Service Operator v2 does. For each object it
// claims the resource (finalizer, resource-id annotation), waits for its owner, resolves what
// the spec names, converts the stored hub back to the API version the user wrote, sends
// ConvertToARM's payload with that version's api-version, follows long-running operations
// across restarts (the resume token lives in an annotation), reads the result back into status
// and reports it in the Ready condition. Deletion honours the reconcile policy.
//
// State that must survive a restart is on the object: the finalizer, the resource-id and
// poller annotations, and the Ready condition with the generation it describes. A periodic
// resync compares Azure with the spec and sends a PUT only when they differ, instead of
// re-sending every resource.
package reconciler
