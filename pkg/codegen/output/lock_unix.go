//go:build unix

package output

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// lock takes an exclusive flock on path, created when missing. The kernel drops the lock when
// the process ends however it ends, so a killed run never leaves the output locked. The file is
// removed on release; a run that locked a file another run removed meanwhile tries again on the
// new one, so two runs never hold locks on two different files of the same path.
func lock(path string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			_ = f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, ErrBusy
			}
			return nil, err
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return func() {
				_ = os.Remove(path)
				_ = f.Close()
			}, nil
		}
		_ = f.Close()
	}
}
