package replay_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/armgen/armgen/pkg/genruntime"
)

// TestReplay plays each fixture's recorded conversation with Azure to the operator: the
// recording's objects are created, every request is answered as Azure answered it, and
//   - each PUT body the operator sends equals the body Azure accepted (JSON-equal);
//   - each object becomes Ready with its status read from the real answers;
//   - a resync after the conversation sends no PUT (Azure's answer differs from the spec in
//     ways Azure itself made: that is not drift);
//   - deleting the subject follows the recorded DELETE, its 202 and polling to the end.
func TestReplay(t *testing.T) {
	fixtures, err := loadFixtures(fixtureDir(t), decoder())
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	groups := map[string]bool{}
	var drifted []string
	t.Run("fixtures", func(t *testing.T) {
		for _, f := range fixtures {
			for _, o := range f.objects {
				if gvk, err := apiutil.GVKForObject(o, shared.Scheme); err == nil && o.GetName() == f.Subject {
					groups[gvk.Group] = true
				}
			}
			t.Run(f.name(), func(t *testing.T) {
				t.Parallel()
				if paths := replay(t, f); len(paths) > 0 {
					mu.Lock()
					drifted = append(drifted, f.name()+" ("+strings.Join(paths, ", ")+")")
					mu.Unlock()
				}
			})
		}
	})
	slices.Sort(drifted)
	fmt.Printf("replay: fixtures=%d groups=%d false_drift=%d\n", len(fixtures), len(groups), len(drifted))
	for _, d := range drifted {
		fmt.Printf("replay: false drift in %s\n", d)
	}
}

// replay plays one fixture and returns the paths a resync took for drift (none is right).
func replay(t *testing.T, f *fixture) (drift []string) {
	r := start(t, f)
	objs := make([]genruntime.ARMMetaObject, len(f.objects))
	for i, o := range f.objects {
		objs[i] = o.DeepCopyObject().(genruntime.ARMMetaObject)
		objs[i].SetNamespace(r.ns)
		mustCreate(t, objs[i])
	}
	r.waitReady(30*time.Second, objs)

	for _, d := range r.putDiffs() {
		t.Errorf("%s: %s", f.file, d)
	}
	for _, o := range objs {
		for _, gap := range r.statusGaps(o) {
			t.Errorf("%s: %s", f.file, gap)
		}
	}

	drift = r.resync(f.subject())
	for _, d := range drift {
		t.Errorf("%s: a resync after the conversation sent a PUT (false drift): %s", f.file, d)
	}

	r.deleteAll(objs)
	if f.Undeletable != "" {
		t.Logf("%s: the subject was detached, not deleted: %s", f.file, f.Undeletable)
	} else {
		for _, m := range r.unfollowedDelete() {
			t.Errorf("%s: %s", f.file, m)
		}
	}
	if u := r.unexpected(); u != "" {
		t.Errorf("%s:%s", f.file, u)
	}
	return drift
}

// putDiffs compares each PUT the operator sent with the body Azure accepted for the same
// request in the recording, and lists the recording's PUTs never sent.
func (r *run) putDiffs() []string {
	var out []string
	sent := map[int]bool{}
	for _, q := range r.srv.requests() {
		if q.Method != http.MethodPut || q.Interaction < 0 || sent[q.Interaction] {
			continue
		}
		sent[q.Interaction] = true
		in := r.f.Conversation[q.Interaction]
		for _, d := range jsonDiff(q.Body, in.Request) {
			out = append(out, fmt.Sprintf("PUT %s (recording id %d): %s", q.Path, in.ID, d))
		}
	}
	for i, in := range r.f.Conversation {
		if in.Method == http.MethodPut && !sent[i] {
			out = append(out, fmt.Sprintf("the recording's PUT %s (id %d) was never sent", in.URL, in.ID))
		}
	}
	return out
}

// resync waits for the operator to read the subject from Azure twice more after the
// conversation, and returns the drift paths of any PUT it sent meanwhile (from its AzureDrift
// Events).
func (r *run) resync(subject genruntime.ARMMetaObject) []string {
	id := strings.ToLower(r.resourceID(subject))
	count := func(method string) int {
		n := 0
		for _, q := range r.srv.requests() {
			if q.Method == method && strings.ToLower(q.Path) == id {
				n++
			}
		}
		return n
	}
	puts, gets := count(http.MethodPut), count(http.MethodGet)
	deadline := time.Now().Add(30 * syncPeriod)
	for count(http.MethodGet) < gets+2 {
		if time.Now().After(deadline) {
			r.t.Fatalf("%s: no resync of %s within %s", r.f.file, subject.GetName(), 30*syncPeriod)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if count(http.MethodPut) == puts {
		return nil
	}
	var events corev1.EventList
	if err := shared.Client.List(context.Background(), &events, client.InNamespace(r.ns)); err != nil {
		r.t.Fatal(err)
	}
	var paths []string
	for _, e := range events.Items {
		if e.Reason == "AzureDrift" && e.InvolvedObject.Name == subject.GetName() {
			paths = append(paths, e.Message)
		}
	}
	if len(paths) == 0 {
		paths = []string{"PUT sent without an AzureDrift Event"}
	}
	return paths
}
