package testsupport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"pgregory.net/rapid"
)

// chunked reads b a few bytes at a time, as a body arrives in frames.
type chunked struct {
	b     []byte
	sizes []int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := len(c.b)
	if len(c.sizes) > 0 {
		n, c.sizes = min(n, c.sizes[0]), c.sizes[1:]
	}
	n = copy(p[:min(len(p), n)], c.b)
	c.b = c.b[n:]
	return n, nil
}

// decodedObjects is what a decode of body finds: the objects of its request, or -1 when it is
// no review with a request.
func decodedObjects(body []byte) int {
	var review apiextv1.ConversionReview
	if json.Unmarshal(body, &review) != nil || review.Request == nil {
		return -1
	}
	return len(review.Request.Objects)
}

// counted is what an objectCounter finds reading body in reads of the sizes given.
func counted(t interface{ Fatal(...any) }, body []byte, sizes []int) int {
	c := newObjectCounter(&chunked{b: body, sizes: sizes})
	if _, err := io.Copy(io.Discard, c); err != nil {
		t.Fatal(err)
	}
	return c.objects
}

// reviewValue draws a JSON value of the kinds objects hold: strings with quotes, backslashes,
// brackets and escapes in them, numbers, literals, nested objects and arrays.
func reviewValue(t *rapid.T, depth int) any {
	kinds := 4
	if depth < 3 {
		kinds = 6
	}
	switch rapid.IntRange(0, kinds-1).Draw(t, "kind") {
	case 0:
		return rapid.StringOf(rapid.SampledFrom([]rune{'a', '"', '\\', '[', ']', '{', '}', ',', ':', 'é', '\n', '\u2028'})).Draw(t, "string")
	case 1:
		return rapid.Float64().Draw(t, "number")
	case 2:
		return rapid.Bool().Draw(t, "bool")
	case 3:
		return nil
	case 4:
		m := map[string]any{}
		for i := range rapid.IntRange(0, 3).Draw(t, "fields") {
			m[rapid.SampledFrom([]string{"objects", "request", "kind", `a"b`, fmt.Sprint(i)}).Draw(t, "field")] = reviewValue(t, depth+1)
		}
		return m
	default:
		return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) any { return reviewValue(t, depth+1) }), 0, 3).Draw(t, "array")
	}
}

// spell writes a key as a client may: in any case, or with its letters escaped.
func spell(t *rapid.T, key string) string {
	switch rapid.IntRange(0, 2).Draw(t, "spelling") {
	case 0:
		return `"` + key + `"`
	case 1:
		return `"` + strings.ToUpper(key) + `"`
	default:
		var b strings.Builder
		for _, r := range key {
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		return `"` + b.String() + `"`
	}
}

func jsonOf(t *rapid.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestConversionObjectsCountedAsRead: the objects the webhook counts while its handler reads a
// review are those a decode of the review finds, over random reviews (objects holding quotes,
// brackets and escapes, keys in other cases or escaped, other keys around, a request or objects
// of another shape, a repeated objects) read in random pieces.
func TestConversionObjectsCountedAsRead(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var request []string
		for range rapid.IntRange(0, 3).Draw(t, "request fields") {
			var v string
			switch rapid.IntRange(0, 3).Draw(t, "objects value") {
			case 0:
				v = "null"
			case 1, 2:
				objs := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) any { return reviewValue(t, 0) }), 0, 5).Draw(t, "objects")
				v = jsonOf(t, objs)
			default:
				v = jsonOf(t, reviewValue(t, 0))
			}
			key := rapid.SampledFrom([]string{"objects", "desiredAPIVersion", "uid", "object"}).Draw(t, "request key")
			request = append(request, spell(t, key)+":"+v)
		}
		reqValue := "{" + strings.Join(request, ",") + "}"
		if rapid.IntRange(0, 5).Draw(t, "request of another shape") == 0 {
			reqValue = jsonOf(t, reviewValue(t, 0))
		}
		fields := []string{spell(t, "request") + ":" + reqValue}
		for range rapid.IntRange(0, 2).Draw(t, "other fields") {
			fields = append(fields, spell(t, rapid.SampledFrom([]string{"kind", "response", "objects"}).Draw(t, "other key"))+":"+jsonOf(t, reviewValue(t, 0)))
		}
		fields = rapid.Permutation(fields).Draw(t, "order")
		body := []byte(" {" + strings.Join(fields, " , ") + "}\n")
		want := decodedObjects(body)
		if want < 0 {
			t.Skip("no review with a request: the handler refuses it, nothing is counted")
		}
		sizes := rapid.SliceOf(rapid.IntRange(1, 9)).Draw(t, "read sizes")
		if got := counted(t, body, sizes); got != want {
			t.Fatalf("counted %d objects in %s, a decode finds %d", got, body, want)
		}
	})
}

// reviewBody is a review of n ConfigMaps.
func reviewBody(t testing.TB, n int) []byte {
	var objs []string
	for i := range n {
		objs = append(objs, fmt.Sprintf(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c%d","namespace":"default"},"data":{"k":"%s"}}`, i, strings.Repeat("v", 200)))
	}
	return []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"v1","objects":[` + strings.Join(objs, ",") + `]}}`)
}

// TestConversionCallsReadReviewsOnce: counting a review costs the webhook about the same
// allocations whatever the review holds. Decoding every review a second time to count it (as
// the webhook did) allocates for each object, and copies the whole body once more.
func TestConversionCallsReadReviewsOnce(t *testing.T) {
	calls := &ConversionCalls{}
	handler := calls.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			t.Error(err)
		}
		w.WriteHeader(http.StatusOK)
	}))
	allocs := func(n int) float64 {
		body := reviewBody(t, n)
		w := httptest.NewRecorder()
		return testing.AllocsPerRun(20, func() {
			req := httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body))
			handler.ServeHTTP(w, req)
		})
	}
	one, hundred := allocs(1), allocs(100)
	if hundred > one+5 {
		t.Fatalf("counting a review of 100 objects allocates %.0f times, one of 1 object %.0f: the webhook decodes what it counts a second time", hundred, one)
	}
	if reviews, objects := calls.Counts(); reviews != 42 || objects != 21*1+21*100 {
		t.Fatalf("counted %d reviews of %d objects, want 42 of %d", reviews, objects, 21*1+21*100)
	}
}

// BenchmarkConversionCallsWrap is the webhook's own cost of counting a review of 100 objects,
// its handler only reading the body.
func BenchmarkConversionCallsWrap(b *testing.B) {
	calls := &ConversionCalls{}
	handler := calls.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			b.Error(err)
		}
		w.WriteHeader(http.StatusOK)
	}))
	body := reviewBody(b, 100)
	w := httptest.NewRecorder()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		handler.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body)))
	}
}
