//go:build unix

package output

import (
	"os"
	"syscall"
)

// soleLink reports whether fi's file has no other name: a file someone has linked elsewhere (a
// backup made with `cp -al`, a folder a killed run never removed) must not become the new
// output's file too, or an edit of one would change the other.
func soleLink(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Nlink == 1
}
