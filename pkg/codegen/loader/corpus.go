package loader

import (
	"context"
	"io/fs"
	"net/url"
	"os"
	"path"
	"runtime"
	"strings"
	"sync"

	"github.com/armgen/armgen/pkg/codegen/workers"
)

// Corpus loads swagger files below a spec root on demand, each at most once, and resolves $refs
// between them. It is safe for concurrent use; loading is memoised, so callers see it as pure.
type Corpus struct {
	root string
	fsys fs.FS

	mu   sync.Mutex
	docs map[string]*docEntry
}

type docEntry struct {
	once sync.Once
	doc  *Document
	err  error
}

// NewCorpus returns a corpus reading below root.
func NewCorpus(root string) *Corpus {
	return NewCorpusFS(root, os.DirFS(root))
}

// NewCorpusFS returns a corpus reading from fsys; root only names it in messages.
func NewCorpusFS(root string, fsys fs.FS) *Corpus {
	return &Corpus{root: root, fsys: fsys, docs: make(map[string]*docEntry)}
}

// Root is the spec root.
func (c *Corpus) Root() string { return c.root }

// Load returns the document at rel (relative to the root, forward slashes).
func (c *Corpus) Load(rel string) (*Document, error) {
	c.mu.Lock()
	e, ok := c.docs[rel]
	if !ok {
		e = &docEntry{}
		c.docs[rel] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		data, err := fs.ReadFile(c.fsys, rel)
		if err != nil {
			e.err = &SpecError{File: rel, Message: "cannot read: " + err.Error()}
			return
		}
		e.doc, e.err = ParseDocument(rel, data)
	})
	return e.doc, e.err
}

// LoadAll loads files in parallel and returns them in the given order.
func (c *Corpus) LoadAll(ctx context.Context, rels []string) ([]*Document, error) {
	docs := make([]*Document, len(rels))
	g, ctx := workers.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, rel := range rels {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			d, err := c.Load(rel)
			docs[i] = d
			return err
		})
	}
	if err := g.Wait(); err != nil {
		// Report the first failing file in the given order, so the error is deterministic.
		for _, rel := range rels {
			if _, err := c.Load(rel); err != nil {
				return nil, err
			}
		}
		return nil, err
	}
	return docs, nil
}

// Target is where a $ref points: a document and a JSON pointer inside it.
type Target struct {
	Doc     *Document
	Pointer string
}

// Name returns the last token of the pointer (the definition or parameter name).
func (t Target) Name() string {
	i := strings.LastIndex(t.Pointer, "/")
	return unescapePointer(t.Pointer[i+1:])
}

// Resolve follows a $ref written in document from (at pointer at, for errors).
func (c *Corpus) Resolve(from *Document, at, ref string) (Target, error) {
	file, frag, _ := strings.Cut(ref, "#")
	// A fragment is URI-encoded (Foo%5BBar%5D names the definition Foo[Bar]).
	if dec, err := url.PathUnescape(frag); err == nil {
		frag = dec
	}
	doc := from
	if file != "" {
		rel := path.Clean(path.Join(path.Dir(from.Path), file))
		if strings.HasPrefix(rel, "../") || rel == ".." {
			return Target{}, &SpecError{File: from.Path, Pointer: at, Message: "$ref " + ref + " points outside the spec root"}
		}
		d, err := c.Load(rel)
		if err != nil {
			if se, ok := err.(*SpecError); ok && strings.HasPrefix(se.Message, "cannot read") {
				return Target{}, &SpecError{File: from.Path, Pointer: at, Message: "dangling $ref " + ref + ": file " + rel + " does not exist"}
			}
			return Target{}, err
		}
		doc = d
	}
	return Target{Doc: doc, Pointer: frag}, nil
}
