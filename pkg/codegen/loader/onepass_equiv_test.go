package loader

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/go-openapi/spec"
	"github.com/google/go-cmp/cmp"

	"github.com/armgen/armgen/internal/testspecs"
)

// onePassCase compares the one-pass decoders with go-openapi on one value. A value the one-pass
// decoder accepts must be one go-openapi accepts, decoded deep-equal; decodeValid (one pass with
// go-openapi behind it) must agree with go-openapi in every case, errors included. It returns
// whether the one-pass decoder took the value.
func onePassCase(t testing.TB, where string, kind string, raw []byte) bool {
	t.Helper()
	switch kind {
	case "definitions":
		var fast, slow spec.Schema
		fastErr := decodeSchema(raw, &fast)
		slowErr := slow.UnmarshalJSON(raw)
		compareOnePass(t, where, fastErr, slowErr, &fast, &slow)
		var valid spec.Schema
		compareErrors(t, where, decodeValid(raw, &valid), slowErr, &valid, &slow)
		return fastErr == nil
	case "parameters":
		var fast, slow spec.Parameter
		fastErr := decodeParameter(raw, &fast)
		slowErr := slow.UnmarshalJSON(raw)
		compareOnePass(t, where, fastErr, slowErr, &fast, &slow)
		var valid spec.Parameter
		compareErrors(t, where, decodeValid(raw, &valid), slowErr, &valid, &slow)
		return fastErr == nil
	case "paths":
		var fast, slow rawPathOps
		fastErr := decodePathOps(raw, &fast)
		slowErr := json.Unmarshal(raw, &slow)
		compareOnePass(t, where, fastErr, slowErr, &fast, &slow)
		return fastErr == nil
	}
	t.Fatalf("unknown kind %s", kind)
	return false
}

func compareOnePass(t testing.TB, where string, fastErr, slowErr error, fast, slow any) {
	t.Helper()
	if fastErr != nil {
		if fastErr != errSlowPath {
			t.Errorf("%s: the one-pass decoder failed with %v; it may only decline (errSlowPath)", where, fastErr)
		}
		return
	}
	if slowErr != nil {
		t.Errorf("%s: the one-pass decoder accepts what go-openapi refuses (%v)", where, slowErr)
		return
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Errorf("%s: one pass and go-openapi differ (-go-openapi +one pass):\n%s", where, cmp.Diff(slow, fast, cmp.Exporter(func(reflect.Type) bool { return true })))
	}
}

func compareErrors(t testing.TB, where string, gotErr, wantErr error, got, want any) {
	t.Helper()
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Errorf("%s: decodeValid's error %v, go-openapi's %v", where, gotErr, wantErr)
		return
	}
	if gotErr == nil && !reflect.DeepEqual(got, want) {
		t.Errorf("%s: decodeValid and go-openapi differ (-go-openapi +decodeValid):\n%s", where, cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true })))
	}
}

// eachOutlineValue calls f with every definition, shared parameter and path of a document.
func eachOutlineValue(d *Document, f func(kind, name string, raw []byte)) {
	for _, part := range []struct {
		kind string
		raw  map[string]json.RawMessage
	}{{"definitions", d.rawDefinitions}, {"parameters", d.rawParameters}, {"paths", d.rawPaths}} {
		for name, raw := range part.raw {
			f(part.kind, name, raw)
		}
	}
}

// Every definition, parameter and path of every swagger file of the corpus (the files the index
// reads, and every other JSON file beside them, such as common types) decodes in one pass
// exactly as go-openapi decodes it.
func TestOnePassMatchesGoOpenAPIOnCorpus(t *testing.T) {
	root := testspecs.Root(t)
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "examples" || n == "data-plane" || strings.HasPrefix(n, ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var values, onePass atomic.Int64
	work := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				data, err := os.ReadFile(p)
				if err != nil {
					t.Error(err)
					continue
				}
				rel, _ := filepath.Rel(root, p)
				d, err := ParseDocument(rel, data)
				if err != nil {
					continue // not a JSON object: nothing of it is decoded
				}
				eachOutlineValue(d, func(kind, name string, raw []byte) {
					values.Add(1)
					if onePassCase(t, rel+"#"+Pointer(kind, name), kind, raw) {
						onePass.Add(1)
					}
				})
			}
		}()
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	t.Logf("%d files, %d values, %d decoded in one pass", len(files), values.Load(), onePass.Load())
	if values.Load() == 0 {
		t.Fatal("the corpus yielded no values to compare")
	}
	// The slow path is for oddities; if real swagger took it, the speed would be gone unnoticed.
	if onePass.Load()*100 < values.Load()*99 {
		t.Errorf("only %d of %d corpus values were decoded in one pass, want at least 99%%", onePass.Load(), values.Load())
	}
}
