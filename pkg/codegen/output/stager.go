package output

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// Stager writes a folder's files into its staging sibling while generation still runs: the Go
// files are done long before the CRDs, and writing ten thousand files one after the other at
// the end kept one core idle for a second or two. Nothing is swapped in before Commit, so an
// error or an interrupt still leaves the folder as it was (Abort removes the staging folder).
type Stager struct {
	ctx context.Context
	dir string

	mu  sync.Mutex
	tmp string // created at the first Add, so that a run that renders nothing stages nothing
	// queue holds the sets added and not yet written; the writer takes them in order.
	queue   [][]pendingFile
	running bool
	idle    *sync.Cond
	err     error
	written map[string]bool
	made    map[string]bool
	linked  map[string]stamp // the written files reused from the replaced folder
}

// NewStager returns a stager for dir; files are written only once added.
func NewStager(ctx context.Context, dir string) *Stager {
	s := &Stager{ctx: ctx, dir: filepath.Clean(dir), written: make(map[string]bool), made: make(map[string]bool), linked: make(map[string]stamp)}
	s.idle = sync.NewCond(&s.mu)
	return s
}

// pendingFile is a file queued for writing; the writer drops its content once written.
type pendingFile struct {
	path string
	data []byte
}

// pending lists files in path order, apart from the map: once the caller lets go of files, each
// file's content is freed as soon as it is written, not only when the whole set is.
func pending(files Files) []pendingFile {
	out := make([]pendingFile, 0, len(files))
	for _, p := range files.Paths() {
		out = append(out, pendingFile{path: p, data: files[p]})
	}
	return out
}

// Add queues files to be written into the staging folder in the background. The caller must not
// change them afterwards.
func (s *Stager) Add(files Files) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil || len(files) == 0 {
		return
	}
	s.queue = append(s.queue, pending(files))
	if !s.running {
		s.running = true
		go s.drain()
	}
}

// drain writes the queued sets until none is left.
func (s *Stager) drain() {
	for {
		s.mu.Lock()
		if len(s.queue) == 0 || s.err != nil {
			s.running = false
			s.queue = nil
			s.idle.Broadcast()
			s.mu.Unlock()
			return
		}
		files := s.queue[0]
		s.queue[0] = nil
		s.queue = s.queue[1:]
		s.mu.Unlock()
		err := s.write(files)
		if err != nil {
			s.mu.Lock()
			s.err = err
			s.mu.Unlock()
		}
	}
}

// wait blocks until everything added is written (or writing failed).
func (s *Stager) wait() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.running {
		s.idle.Wait()
	}
	return s.err
}

// writeWorkers is how many files are written at once. Writing is almost all kernel time (creating
// or linking the file, copying its bytes), and the largest set (emit-go's ten thousand files) is
// added last, when the other core has nothing left to do: one writer left it idle for the
// second or two the set took. Two, one per core of the machines measured: on ext4 four wrote a
// fresh folder no faster and spent 5-10% more kernel time.
const writeWorkers = 2

// write writes the files not written yet, dropping each one's content from files once written;
// only the writer goroutine, or finish once the writer is idle, calls it. Folders are made first,
// in path order, then the files are written by writeWorkers goroutines.
func (s *Stager) write(files []pendingFile) error {
	tmp, err := s.staging()
	if err != nil {
		return err
	}
	todo := make([]int, 0, len(files))
	for i := range files {
		p := files[i].path
		if s.written[p] {
			files[i].data = nil
			continue
		}
		if d := filepath.Dir(filepath.Join(tmp, filepath.FromSlash(p))); !s.made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			s.made[d] = true
		}
		todo = append(todo, i)
	}
	g, ctx := errgroup.WithContext(s.ctx)
	var next atomic.Int64
	workers := min(writeWorkers, len(todo))
	linked := make([]map[string]stamp, workers)
	for w := range workers {
		linked[w] = make(map[string]stamp)
		g.Go(func() error {
			buf := make([]byte, 64<<10)
			for {
				k := int(next.Add(1)) - 1
				if k >= len(todo) {
					return nil
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				f := &files[todo[k]]
				data := f.data
				f.data = nil
				full := filepath.Join(tmp, filepath.FromSlash(f.path))
				if st, ok := linkUnchanged(filepath.Join(s.dir, filepath.FromSlash(f.path)), full, data, buf); ok {
					linked[w][f.path] = st
					continue
				}
				if err := os.WriteFile(full, data, reusedPerm); err != nil {
					return err
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for _, l := range linked {
		maps.Copy(s.linked, l)
	}
	for _, i := range todo {
		s.written[files[i].path] = true
	}
	return nil
}

// staging returns the staging folder, creating it on first use.
func (s *Stager) staging() (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tmp != "" {
		return s.tmp, nil
	}
	parent := filepath.Dir(s.dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(s.dir)+".new-")
	if err != nil {
		return "", err
	}
	s.tmp = tmp
	if err := os.Chmod(tmp, 0o755); err != nil {
		return tmp, err
	}
	return tmp, nil
}

// finish waits for the background writes, writes the rest of files, and returns the staging
// folder, which then holds exactly files. A file added earlier that files no longer holds is an
// error in the caller: the staged folder would carry a file nobody meant to write.
func (s *Stager) finish(ctx context.Context, files Files) (string, error) {
	if err := s.wait(); err != nil {
		return s.tmpDir(), err
	}
	s.ctx = ctx
	if err := s.write(pending(files)); err != nil {
		return s.tmpDir(), err
	}
	for p := range s.written {
		if _, ok := files[p]; !ok {
			return s.tmpDir(), fmt.Errorf("internal error (please report): %s was staged into %s but is not among the files to write", p, s.dir)
		}
	}
	if err := s.checkLinked(s.tmpDir()); err != nil {
		return s.tmpDir(), err
	}
	return s.tmpDir(), nil
}

func (s *Stager) tmpDir() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tmp
}

// handOver gives the staging folder to the swap's journal: from then on the journal's steps,
// not Abort, decide what becomes of it (a rename failing half way leaves it for the next run
// to swap in, keeping the code in step with the docs swapped in before it).
func (s *Stager) handOver() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tmp = ""
}

// Abort stops writing and removes the staging folder; the target is untouched. It is safe after
// Commit, which has handed the folder over to its journal.
func (s *Stager) Abort() error {
	s.mu.Lock()
	if s.err == nil {
		s.err = errAborted
	}
	s.mu.Unlock()
	_ = s.wait()
	if tmp := s.tmpDir(); tmp != "" {
		return removeTree(tmp)
	}
	return nil
}

var errAborted = errors.New("staging aborted")
