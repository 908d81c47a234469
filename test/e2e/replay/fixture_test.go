package replay_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/pkg/genruntime"
)

// fixture is one recorded conversation with Azure, trimmed to the requests that matter: what
// the recording's test created (manifest), and for each request the operator makes, the answer
// Azure gave. Every fixture cites the recording it was read from.
type fixture struct {
	file string

	Source struct {
		Repo   string `json:"repo"`
		Path   string `json:"path"`
		Commit string `json:"commit"`
		// Interactions are the ids, in the recording, of the requests kept.
		Interactions string `json:"interactions"`
	} `json:"source"`
	// Subject is the metadata.name of the object whose deletion the recording holds; the other
	// objects are detached before they are deleted.
	Subject string `json:"subject"`
	// Undeletable, when set, says why the recording cannot answer the operator's delete of the
	// subject (its client never polled the operation the DELETE started, say): the subject is
	// then detached like the other objects.
	Undeletable string `json:"undeletable,omitempty"`
	// Manifest is the objects the recording's test created, as a user writes them.
	Manifest string `json:"manifest"`
	// Conversation is the requests kept, in the recording's order.
	Conversation []interaction `json:"conversation"`

	objects []genruntime.ARMMetaObject
}

// interaction is one request and Azure's answer. Only the answer's headers that drive the
// client (long-running operations) are kept.
type interaction struct {
	ID       int    `json:"id"`
	Method   string `json:"method"`
	URL      string `json:"url"`
	Request  string `json:"request,omitempty"`
	Status   int    `json:"status"`
	Response string `json:"response,omitempty"`
	// Location and AsyncOperation are the Location and Azure-AsyncOperation headers.
	Location       string `json:"location,omitempty"`
	AsyncOperation string `json:"asyncOperation,omitempty"`

	path, apiVersion string
}

// loadFixtures reads every fixture under dir; a fixture that cannot be read is an error naming
// its file and what is wrong.
func loadFixtures(dir string, decoder runtime.Decoder) ([]*fixture, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no fixtures (*.yaml) in %s", dir)
	}
	var out []*fixture
	for _, file := range files {
		f, err := loadFixture(file, decoder)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

func loadFixture(file string, decoder runtime.Decoder) (*fixture, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("fixture %s: %w", file, err)
	}
	f := &fixture{file: file}
	if err := yaml.UnmarshalStrict(data, f); err != nil {
		return nil, fmt.Errorf("fixture %s: %w", file, err)
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("fixture %s: %s", file, fmt.Sprintf(format, args...))
	}
	if f.Source.Repo == "" || f.Source.Path == "" || len(f.Source.Commit) != 40 {
		return nil, fail("source needs repo, path and the 40-digit commit the recording was read at")
	}
	if len(f.Conversation) == 0 {
		return nil, fail("conversation is empty")
	}
	for i := range f.Conversation {
		in := &f.Conversation[i]
		u, err := url.Parse(in.URL)
		if err != nil || u.Path == "" {
			return nil, fail("conversation[%d] (id %d): url %q is not a URL", i, in.ID, in.URL)
		}
		in.path, in.apiVersion = strings.ToLower(u.Path), u.Query().Get("api-version")
		if in.Method == "" || in.Status == 0 {
			return nil, fail("conversation[%d] (id %d): method and status are required", i, in.ID)
		}
		for what, body := range map[string]string{"request": in.Request, "response": in.Response} {
			if body != "" && !jsonValid(body) {
				return nil, fail("conversation[%d] (id %d): the %s body is not JSON", i, in.ID, what)
			}
		}
	}
	r := utilyaml.NewYAMLReader(bufio.NewReader(strings.NewReader(f.Manifest)))
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fail("manifest: %v", err)
		}
		if len(bytes.TrimSpace(doc)) == 0 {
			continue
		}
		o, _, err := decoder.Decode(doc, nil, nil)
		if err != nil {
			return nil, fail("manifest: %v", err)
		}
		obj, ok := o.(genruntime.ARMMetaObject)
		if !ok {
			return nil, fail("manifest: %T is not a resource kind", o)
		}
		f.objects = append(f.objects, obj)
	}
	if f.Undeletable != "" && f.deletes() {
		return nil, fail("undeletable is set, yet the conversation holds a DELETE of the subject %s", f.Subject)
	}
	if f.subject() == nil {
		return nil, fail("subject %q names no object of the manifest", f.Subject)
	}
	return f, nil
}

func (f *fixture) name() string { return strings.TrimSuffix(filepath.Base(f.file), ".yaml") }

func (f *fixture) subject() genruntime.ARMMetaObject {
	for _, o := range f.objects {
		if o.GetName() == f.Subject {
			return o
		}
	}
	return nil
}

// afterDelete says whether the conversation sent a DELETE of interaction i's path before it.
func (f *fixture) afterDelete(i int) bool {
	for _, in := range f.Conversation[:i] {
		if in.Method == "DELETE" && in.path == f.Conversation[i].path {
			return true
		}
	}
	return false
}

func jsonValid(s string) bool { return json.Valid([]byte(s)) }

// createdAt says whether the conversation creates the resource at path: its first request
// there is a PUT.
func (f *fixture) createdAt(path string) bool {
	for _, in := range f.Conversation {
		if in.path == path {
			return in.Method == "PUT"
		}
	}
	return false
}

// readAfterDelete says whether the conversation reads path after deleting it.
func (f *fixture) readAfterDelete(path string) bool {
	for i, in := range f.Conversation {
		if in.path == path && in.Method == "GET" && f.afterDelete(i) {
			return true
		}
	}
	return false
}

// deletes says whether the conversation deletes the subject.
func (f *fixture) deletes() bool { return f.subjectDelete() >= 0 }

// subjectDelete is the index of the conversation's DELETE of the subject (by its name in
// Azure, which may differ from its name here), or -1.
func (f *fixture) subjectDelete() int {
	s := f.subject()
	if s == nil {
		return -1
	}
	name := s.AzureName()
	if name == "" {
		name = s.GetName() // azureName defaults to the object's name
	}
	for i, in := range f.Conversation {
		if in.Method == "DELETE" && strings.HasSuffix(in.path, "/"+strings.ToLower(name)) {
			return i
		}
	}
	return -1
}
