package testsupport

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/armgen/armgen/internal/httpstatus"
)

// ConversionCalls counts what the conversion webhook was really asked: the API server's own
// metric (apiserver_conversion_webhook_request_total) also counts the conversions it answers
// itself, of objects already at the version wanted, which never reach the webhook.
type ConversionCalls struct {
	reviews, objects atomic.Int64

	mu  sync.Mutex
	log io.Writer
}

// Counts are the reviews received and the objects they held, since the webhook started.
func (c *ConversionCalls) Counts() (reviews, objects int64) {
	return c.reviews.Load(), c.objects.Load()
}

// LogTo writes one line per object converted to w from now on (nil stops): the version asked,
// the object's version, kind, namespace/name, uid, resourceVersion, generation, the versions
// of its managedFields entries, and a digest of the object without them (two conversions of
// one resourceVersion with different digests are an update's old and new objects).
func (c *ConversionCalls) LogTo(w io.Writer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.log = w
}

// wrap counts (and logs) each review h is asked, then lets h answer it. A review counts when h
// answers it (controller-runtime's handler refuses with 400 a body that is no review, or holds
// no request); its objects are counted as h reads it (objectCounter). Only logging, which shows
// every object, decodes the review a second time.
func (c *ConversionCalls) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if c.logging() {
			c.serveLogged(h, w, req)
			return
		}
		objects := newObjectCounter(req.Body)
		req.Body = struct {
			io.Reader
			io.Closer
		}{objects, req.Body}
		sw := &httpstatus.Writer{ResponseWriter: w}
		h.ServeHTTP(sw, req)
		if sw.Status == http.StatusOK {
			c.reviews.Add(1)
			c.objects.Add(int64(objects.objects))
		}
	})
}

func (c *ConversionCalls) logging() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.log != nil
}

// serveLogged counts and logs a review from its own decode of it, then lets h answer it.
func (c *ConversionCalls) serveLogged(h http.Handler, w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	var review apiextv1.ConversionReview
	if json.Unmarshal(body, &review) == nil && review.Request != nil {
		c.reviews.Add(1)
		c.objects.Add(int64(len(review.Request.Objects)))
		c.record(review.Request)
	}
	h.ServeHTTP(w, req)
}

func (c *ConversionCalls) record(r *apiextv1.ConversionRequest) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.log == nil {
		return
	}
	for _, raw := range r.Objects {
		var u unstructured.Unstructured
		if err := u.UnmarshalJSON(raw.Raw); err != nil {
			fmt.Fprintf(c.log, "to=%s undecodable: %v\n", r.DesiredAPIVersion, err)
			continue
		}
		var versions []string
		for _, m := range u.GetManagedFields() {
			versions = append(versions, m.Manager+"@"+m.APIVersion+"/"+string(m.Operation)+"/"+m.Subresource)
		}
		u.SetManagedFields(nil)
		b, _ := u.MarshalJSON()
		fmt.Fprintf(c.log, "to=%s from=%s kind=%s obj=%s/%s uid=%s rv=%s gen=%d fields=%s digest=%x\n",
			r.DesiredAPIVersion, u.GetAPIVersion(), u.GetKind(), u.GetNamespace(), u.GetName(), u.GetUID(),
			u.GetResourceVersion(), u.GetGeneration(), strings.Join(versions, ","), sha256.Sum256(b))
	}
}

// logFromEnv logs to the file ARMGEN_CONVERSION_LOG names, when set, for a run's analysis.
func (c *ConversionCalls) logFromEnv(tb interface {
	Cleanup(func())
	Fatal(...any)
}) {
	path := os.Getenv("ARMGEN_CONVERSION_LOG")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	c.LogTo(f)
	tb.Cleanup(func() { c.LogTo(nil); f.Close() })
}
