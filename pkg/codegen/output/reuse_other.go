//go:build !unix

package output

import "os"

// soleLink cannot tell here how many names a file has, so no file is reused: each is written.
func soleLink(os.FileInfo) bool { return false }
