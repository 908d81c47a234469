// Package drift decides whether Azure still holds what a spec asks, as a resync sees it.
//
// Real Azure does not echo a PUT body: it renormalises values (locations as display names, a
// child's name as parent/child, ARM IDs and resource types in its own casing) and overrides or
// completes others (service defaults, versions, computed settings). Comparing the spec's PUT body
// with a later GET would call all of that drift and send the PUT again at every resync. So the
// baseline is a Record of what Azure held right after the last PUT Azure completed, for each
// value the PUT asked where Azure answered something else; without one, values compare as ARM
// compares them (see equivalent).
package drift
