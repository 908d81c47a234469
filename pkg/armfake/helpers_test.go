package armfake

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/armgen/armgen/internal/testspecs"
)

// fixtureRoot is the hand-written spec root of the repository, so the tests run without the corpus.
const fixtureRoot = "../../specs/testdata/specification"

const sub = "/subscriptions/00000000-0000-0000-0000-000000000001"

func corpusRoot(t testing.TB) string {
	return testspecs.Root(t)
}

type response struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

// errorCode is the ARM error code of an error answer.
func (r response) errorCode() string {
	e, _ := r.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (r response) prop(path ...string) any {
	var v any = r.body
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func call(t testing.TB, s *Server, method, path string, body any) response {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.URL()+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	out := response{status: resp.StatusCode, header: resp.Header, raw: string(data)}
	_ = json.Unmarshal(data, &out.body)
	return out
}

func expect(t testing.TB, r response, status int, code string) {
	t.Helper()
	if r.status != status || r.errorCode() != code {
		t.Fatalf("got %d %q, want %d %q: %s", r.status, r.errorCode(), status, code, r.raw)
	}
}
