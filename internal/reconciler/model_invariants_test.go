package reconciler_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"pgregory.net/rapid"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// checkInvariants checks, once the sequence has settled, what docs/operator.md promises. Each
// violation names its invariant, so that a failing sequence says which promise it broke.
func (m *model) checkInvariants(t *rapid.T) {
	reqs := operatorRequests(m.w.srv.Requests())
	var bad []string
	report := func(invariant, format string, args ...any) {
		bad = append(bad, fmt.Sprintf("invariant %q: ", invariant)+fmt.Sprintf(format, args...))
	}

	if m.unsettled != "" {
		report("settles", "%s", m.unsettled)
	}
	prefix := strings.ToLower("/subscriptions/" + subscription + "/")
	outside := map[string]int{}
	for _, q := range reqs {
		if p := strings.ToLower(q.Path); strings.HasPrefix(p, "/subscriptions/") && !strings.HasPrefix(p, prefix) {
			outside[fmt.Sprintf("%s %s (answered %d)", q.Method, q.Path, q.Status)]++
		}
	}
	for req, n := range outside {
		report("nothing outside the credential's subscription", "%s, %d times", req, n)
	}
	if !m.w.existsInAzure(t, victimID(m.seq), "2021-04-01") {
		report("nothing outside the credential's subscription", "%s is gone", victimID(m.seq))
	}

	for _, o := range m.objs {
		for _, q := range reqs {
			if q.Method == http.MethodDelete && strings.EqualFold(q.Path, o.id) && !o.mayDelete {
				report("detach-on-delete and skip never DELETE", "DELETE %s (answered %d) though %s was never deleted with policy manage (policy now %q)",
					q.Path, q.Status, o.name, m.effectivePolicy(o))
				break
			}
		}
		for key, n := range acceptedPUTsByInputs(reqs, o.id) {
			if n > 1+o.rePUTs {
				report("one PUT per generation and inputs", "%s: Azure accepted %d PUTs of %s (%d justified by faults, dropped tokens or policy changes)",
					o.name, n, key, o.rePUTs)
			}
		}
	}
	for id, n := range createdTwice(reqs) {
		report("no resource created twice", "%s created %d times without a DELETE in between", id, n)
	}

	texts := m.outgoingTexts(t)
	for _, p := range m.passwords {
		for _, text := range texts {
			if strings.Contains(text, p) {
				report("no secret value in any condition, Event or log line", "%q in %s", p, clip(text))
			}
		}
	}

	for _, o := range m.objs {
		obj, ok := m.get(t, o)
		if !ok {
			continue
		}
		if o.otherFinalizer && !slices.Contains(obj.GetFinalizers(), otherFinalizer) {
			report("other writers' finalizers intact", "%s lost %s: finalizers %v", o.name, otherFinalizer, obj.GetFinalizers())
		}
		ready, _ := obj.GetConditions().Get(conditions.ConditionTypeReady)
		manage := m.effectivePolicy(o) == string(genruntime.ReconcilePolicyManage) && !o.tampered
		azure := m.azureGeneration(t, o)
		want := fmt.Sprint(o.gen)
		// A deleted object is no longer applied: its Ready speaks of what was, and says which
		// generation.
		if ready.Status == metav1.ConditionTrue && !o.deleting {
			if ready.ObservedGeneration != o.gen {
				report("Ready implies the latest generation is in Azure", "%s Ready for generation %d, the spec is at %d", o.name, ready.ObservedGeneration, o.gen)
			}
			if manage && azure != want {
				report("Ready implies the latest generation is in Azure", "%s Ready at generation %d, Azure holds generation %q", o.name, o.gen, azure)
			}
		}
		if manage && !o.deleting && m.ownerUsable(o) {
			if azure != want {
				report("Azure holds the latest generation's spec", "%s: Azure holds generation %q, the spec is at %d (%s)", o.name, azure, o.gen, describeReady(obj))
			} else if o.owner != nil && lastPassword(reqs, o.id) != m.password {
				report("Azure holds the latest generation's spec", "%s: the last PUT Azure accepted carried an old password (%s)", o.name, describeReady(obj))
			}
		}
	}
	// MODEL_DEBUG=1 prints, with a violation, the operator's requests and log, to find out
	// which reconcile sent what.
	if len(bad) > 0 && os.Getenv("MODEL_DEBUG") != "" {
		for _, l := range requestLines(reqs) {
			fmt.Println("REQ", l)
		}
		for _, l := range m.logs.all() {
			fmt.Println("LOG", clip(l))
		}
	}
	if len(bad) > 0 {
		t.Fatalf("after %d requests:\n  %s", len(reqs), strings.Join(bad, "\n  "))
	}
}

// operatorRequests leaves out the test's own requests to armfake (which carry no token).
func operatorRequests(all []armfake.Request) []armfake.Request {
	var out []armfake.Request
	for _, q := range all {
		if q.ClientID != "" {
			out = append(out, q)
		}
	}
	return out
}

// ownerUsable: o's owner (if any) is there for it: managed, not being deleted, not tampered with.
func (m *model) ownerUsable(o *modelObj) bool {
	for p := o.owner; p != nil; p = p.owner {
		if p.deleting || p.tampered || m.effectivePolicy(p) != string(genruntime.ReconcilePolicyManage) {
			return false
		}
	}
	return true
}

// outgoingTexts are every message that left the reconciler: conditions, Events, log lines.
func (m *model) outgoingTexts(t *rapid.T) []string {
	var out []string
	for _, o := range m.objs {
		if obj, ok := m.get(t, o); ok {
			for _, c := range obj.GetConditions() {
				out = append(out, "condition of "+o.name+": "+c.Reason+" "+c.Message)
			}
		}
	}
	for {
		select {
		case ev := <-m.events.Events:
			m.eventLog = append(m.eventLog, "event: "+ev)
			continue
		default:
		}
		break
	}
	out = append(out, m.eventLog...)
	return append(out, m.logs.all()...)
}

// azureGeneration is the generation tag of o in armfake ("" when absent).
func (m *model) azureGeneration(t *rapid.T, o *modelObj) string {
	body, ok := m.w.getFromAzure(t, o.id, apiVersionOf(o))
	if !ok {
		return ""
	}
	var r struct {
		Tags map[string]string `json:"tags"`
	}
	_ = json.Unmarshal(body, &r)
	return r.Tags["generation"]
}

func apiVersionOf(o *modelObj) string {
	if o.gvk == serverKind {
		return "2021-06-01"
	}
	return "2021-04-01"
}

func (w *modelWorld) existsInAzure(t *rapid.T, id, apiVersion string) bool {
	_, ok := w.getFromAzure(t, id, apiVersion)
	return ok
}

// getFromAzure reads id from armfake as the test, past any fault still armed for that path.
func (w *modelWorld) getFromAzure(t *rapid.T, id, apiVersion string) ([]byte, bool) {
	for range 20 {
		resp, err := w.srv.Client().Get(w.srv.URL() + id + "?api-version=" + apiVersion)
		if err != nil {
			continue
		}
		var body json.RawMessage
		_ = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		switch {
		case resp.StatusCode == http.StatusOK:
			return body, true
		case resp.StatusCode == http.StatusNotFound && !strings.Contains(string(body), "injected"):
			return nil, false
		}
	}
	t.Fatalf("armfake would not answer GET %s", id)
	return nil, false
}

// getFromAzureNoFatal is getFromAzure for a model action that does without the resource when
// armfake will not answer (a fault still armed on its path).
func (w *modelWorld) getFromAzureNoFatal(id, apiVersion string) ([]byte, bool) {
	resp, err := w.srv.Client().Get(w.srv.URL() + id + "?api-version=" + apiVersion)
	if err != nil {
		return nil, false
	}
	defer resp.Body.Close()
	var body json.RawMessage
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&body) != nil {
		return nil, false
	}
	return body, true
}

// putToAzure writes as another client of Azure (no token: not the operator's request); what
// armfake answers is left to the operator to meet.
func (w *modelWorld) putToAzure(id, apiVersion, body string) {
	req, err := http.NewRequest(http.MethodPut, w.srv.URL()+id+"?api-version="+apiVersion, strings.NewReader(body))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json")
	if resp, err := w.srv.Client().Do(req); err == nil {
		resp.Body.Close()
	}
}

// fataler is what createInAzure needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func (w *modelWorld) createInAzure(t fataler, id, apiVersion, body string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, w.srv.URL()+id+"?api-version="+apiVersion, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := w.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		t.Fatalf("creating %s in armfake: %s", id, resp.Status)
	}
}

// putBody is what the model reads of a PUT body: the generation tag and the password.
type putBody struct {
	Tags       map[string]string `json:"tags"`
	Properties struct {
		Password string `json:"administratorLoginPassword"`
	} `json:"properties"`
}

// acceptedPUTsByInputs counts the PUTs to id Azure accepted, by generation and password sent.
func acceptedPUTsByInputs(reqs []armfake.Request, id string) map[string]int {
	out := map[string]int{}
	for _, q := range reqs {
		if q.Method != http.MethodPut || !strings.EqualFold(q.Path, id) || q.Status < 200 || q.Status >= 300 {
			continue
		}
		var b putBody
		_ = json.Unmarshal([]byte(q.Body), &b)
		// The password itself stays out of the test's messages: its index names it.
		key := "generation " + b.Tags["generation"] + " with password " + fmt.Sprint(passwordIndex(b.Properties.Password))
		out[key]++
	}
	return out
}

// passwordIndex tells passwords apart in messages without showing them (0: none).
func passwordIndex(p string) int {
	var seq, n int
	if _, err := fmt.Sscanf(p, "Pw%d-%d-secret!Zq", &seq, &n); err != nil {
		return 0
	}
	return n
}

// lastPassword is the password of the last PUT to id Azure accepted.
func lastPassword(reqs []armfake.Request, id string) string {
	for i := len(reqs) - 1; i >= 0; i-- {
		q := reqs[i]
		if q.Method == http.MethodPut && strings.EqualFold(q.Path, id) && q.Status >= 200 && q.Status < 300 {
			var b putBody
			_ = json.Unmarshal([]byte(q.Body), &b)
			return b.Properties.Password
		}
	}
	return ""
}

// createdTwice finds resources armfake created (201) twice with no accepted DELETE of them, or
// of a parent, in between.
func createdTwice(reqs []armfake.Request) map[string]int {
	live, twice := map[string]int{}, map[string]int{}
	for _, q := range reqs {
		id := strings.ToLower(q.Path)
		switch {
		case q.Method == http.MethodPut && q.Status == http.StatusCreated:
			live[id]++
			if live[id] > 1 {
				twice[id] = live[id]
			}
		case q.Method == http.MethodDelete && q.Status >= 200 && q.Status < 300:
			for other := range live {
				if other == id || strings.HasPrefix(other, id+"/") {
					delete(live, other)
				}
			}
		}
	}
	return twice
}

func describeReady(obj genruntime.ARMMetaObject) string {
	c, ok := obj.GetConditions().Get(conditions.ConditionTypeReady)
	if !ok {
		return "no Ready condition"
	}
	return fmt.Sprintf("Ready=%s %s %s gen %d: %s", c.Status, c.Severity, c.Reason, c.ObservedGeneration, clip(c.Message))
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// logLines collects the reconciler's log.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) add(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, "log: "+line)
}

func (l *logLines) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}
