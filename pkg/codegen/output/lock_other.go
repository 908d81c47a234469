//go:build !unix

package output

// lock is a no-op where flock is not available: two runs at once are not refused there.
func lock(string) (func(), error) { return func() {}, nil }
