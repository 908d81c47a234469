package output

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// A stamp is what a reused file looked like when the stager compared it. The staged link shares
// its inode with the replaced folder's file, so an in-place write to that file during the run (an
// editor saving into the same inode, as vim does once a file has a second name, `gofmt -w`) would
// otherwise reach the new output: the user would get the edit, not what the run generated. The
// modification time and size are those seen before the content was read, so a write at any point
// after the comparison moves them. Not the change time: removing the replaced folder, or an
// editor replacing a file of it by a rename, moves that too (the inode loses a name) while the
// staged content stays what was generated.
type stamp struct {
	modTime time.Time
	size    int64
}

// checkLinked refuses a staged folder whose reused files were written to since they were linked:
// their generated content is no longer held, so the run cannot write them again. Called just
// before the swap; what is written after it is an edit of the new output, as without reuse.
func (s *Stager) checkLinked(tmp string) error {
	for _, p := range slices.Sorted(maps.Keys(s.linked)) {
		want := s.linked[p]
		fi, err := os.Lstat(filepath.Join(tmp, filepath.FromSlash(p)))
		if err != nil {
			return err
		}
		if !fi.ModTime().Equal(want.modTime) || fi.Size() != want.size {
			return fmt.Errorf("%s was written to while the generator ran (its unchanged content was being reused): run the generator again", filepath.Join(s.dir, filepath.FromSlash(p)))
		}
	}
	return nil
}
