package output

import (
	"bytes"
	"io"
	"os"
)

// reusedPerm is the mode a fresh write gives a file (0644 under the usual umask); a file of the
// folder being replaced is reused only with it, so a reused file looks exactly like a written one.
const reusedPerm = 0o644

// linkUnchanged stages a file that the folder being replaced already holds with the same bytes as
// a hard link to that file instead of a new one, and reports whether it did. Creating a file costs
// the file system an inode; on ext4, right after an earlier run freed ten thousand of them,
// finding a free one scans past every recently freed inode, which cost seconds of kernel CPU per
// whole-corpus run. A link allocates none, and removing the replaced folder afterwards then frees
// none either. The shared inode is never written to: the staged folder only gains new paths, and
// the replaced folder is removed once swapped out. Anything unexpected (no such file, another
// size, mode or content, a second name, a file system without links) falls back to writing the
// file. The stamp it returns lets the stager tell, before the swap, whether anyone wrote to the
// shared file after it was compared (see stamp).
func linkUnchanged(old, staged string, data, buf []byte) (stamp, bool) {
	fi, err := os.Lstat(old)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != reusedPerm || fi.Size() != int64(len(data)) || !soleLink(fi) {
		return stamp{}, false
	}
	if !sameContent(old, data, buf) {
		return stamp{}, false
	}
	if os.Link(old, staged) != nil {
		return stamp{}, false
	}
	return stamp{modTime: fi.ModTime(), size: fi.Size()}, true
}

// sameContent reports whether the file at path holds exactly data, reading it through buf.
func sameContent(path string, data, buf []byte) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	for {
		n, err := f.Read(buf)
		if n > len(data) || !bytes.Equal(buf[:n], data[:n]) {
			return false
		}
		data = data[n:]
		if err == io.EOF {
			return len(data) == 0
		}
		if err != nil {
			return false
		}
	}
}
