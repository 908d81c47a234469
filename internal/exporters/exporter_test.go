package exporters

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// cache is a hand-written kind standing for a generated one (a Redis): it exports keys from a
// listKeys action and its host name and ports from its GET answer.
type cache struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              cacheSpec   `json:"spec,omitempty"`
	Status            cacheStatus `json:"status,omitempty"`
}

type cacheSpec struct {
	Location     string             `json:"location,omitempty"`
	OperatorSpec *cacheOperatorSpec `json:"operatorSpec,omitempty"`
}

type cacheOperatorSpec struct {
	Secrets              map[string]genruntime.SecretDestination    `json:"secrets,omitempty"`
	ConfigMaps           map[string]genruntime.ConfigMapDestination `json:"configMaps,omitempty"`
	SecretExpressions    []*genruntime.DestinationExpression        `json:"secretExpressions,omitempty"`
	ConfigMapExpressions []*genruntime.DestinationExpression        `json:"configMapExpressions,omitempty"`
}

type cacheStatus struct {
	HostName *string `json:"hostName,omitempty"`
	SSLPort  *int    `json:"sslPort,omitempty"`
}

var cacheGVK = schema.GroupVersionKind{Group: "cache.azure.com", Version: "v1api20201201", Kind: "Redis"}

func (c *cache) DeepCopyObject() runtime.Object {
	b, _ := json.Marshal(c)
	var out cache
	_ = json.Unmarshal(b, &out)
	return &out
}

func (c *cache) AzureGeneratedSecrets() []genruntime.ExportedValue {
	return []genruntime.ExportedValue{
		{Name: "hostName", Path: "properties.hostName"},
		{Name: "port", Path: "properties.port"},
		{Name: "primaryKey", Action: "listKeys", Path: "primaryKey"},
		{Name: "secondaryKey", Action: "listKeys", Path: "secondaryKey"},
		{Name: "tokens", Action: "listTokens", Path: "tokens[0].value"},
		// Bytes in base64 on the wire (format: byte), as a cluster's kubeconfig is; and a
		// value said to be so that is not.
		{Name: "kubeconfig", Action: "listCredentials", Path: "kubeconfigs[0].value", Bytes: true},
		{Name: "hostBytes", Path: "properties.hostName", Bytes: true},
	}
}

func (c *cache) GeneratedConfigs() []genruntime.ExportedValue {
	return []genruntime.ExportedValue{{Name: "hostName", Path: "properties.hostName"}, {Name: "sslPort", Path: "properties.sslPort"}}
}

func (c *cache) SecretDestinations() map[string]genruntime.SecretDestination {
	if c.Spec.OperatorSpec == nil {
		return nil
	}
	return c.Spec.OperatorSpec.Secrets
}

func (c *cache) ConfigMapDestinations() map[string]genruntime.ConfigMapDestination {
	if c.Spec.OperatorSpec == nil {
		return nil
	}
	return c.Spec.OperatorSpec.ConfigMaps
}

func (c *cache) SecretExpressions() []*genruntime.DestinationExpression {
	if c.Spec.OperatorSpec == nil {
		return nil
	}
	return c.Spec.OperatorSpec.SecretExpressions
}

func (c *cache) ConfigMapExpressions() []*genruntime.DestinationExpression {
	if c.Spec.OperatorSpec == nil {
		return nil
	}
	return c.Spec.OperatorSpec.ConfigMapExpressions
}

var (
	_ genruntime.Exporter           = &cache{}
	_ genruntime.ExpressionExporter = &cache{}
)

const (
	getBody      = `{"name":"r1","properties":{"hostName":"r1.redis.cache.windows.net","port":6379,"sslPort":6380}}`
	primaryKey   = "cHJpbWFyeS1rZXktdmFsdWUtMDAx"
	secondaryKey = "c2Vjb25kYXJ5LWtleS12YWx1ZS0wMDI="
	kubeconfig   = "apiVersion: v1\nkind: Config\nclusters:\n- name: c1\n"
)

func newCache(op cacheOperatorSpec) *cache {
	c := &cache{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "r1", UID: "uid-r1"}}
	c.SetGroupVersionKind(cacheGVK)
	c.Spec.Location = "westus"
	c.Spec.OperatorSpec = &op
	host, port := "r1.redis.cache.windows.net", 6380
	c.Status = cacheStatus{HostName: &host, SSLPort: &port}
	return c
}

// fixture is an Exporter over a fake cluster, counting its writes and the actions it calls.
type fixture struct {
	t       *testing.T
	client  client.Client
	e       *Exporter
	writes  int
	actions map[string]int
	fail    error
}

func newFixture(t *testing.T, objs ...client.Object) *fixture {
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, actions: map[string]int{}}
	count := func(ctx context.Context, c client.WithWatch, o client.Object, _ ...client.UpdateOption) error {
		f.writes++
		return c.Update(ctx, o)
	}
	f.client = fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).WithInterceptorFuncs(interceptor.Funcs{
		Update: count,
		Create: func(ctx context.Context, c client.WithWatch, o client.Object, opts ...client.CreateOption) error {
			f.writes++
			return c.Create(ctx, o, opts...)
		},
	}).Build()
	f.e = New(f.client)
	return f
}

func (f *fixture) export(obj client.Object) ([]Written, error) {
	return f.e.Export(context.Background(), Request{Object: obj, Body: []byte(getBody), Action: func(_ context.Context, action string) ([]byte, error) {
		f.actions[action]++
		if f.fail != nil {
			return nil, f.fail
		}
		return []byte(`{"primaryKey":"` + primaryKey + `","secondaryKey":"` + secondaryKey + `","kubeconfigs":[{"name":"clusterAdmin","value":"` + base64.StdEncoding.EncodeToString([]byte(kubeconfig)) + `"}]}`), nil
	}})
}

func (f *fixture) secret(name string) map[string]string {
	var s corev1.Secret
	if err := f.client.Get(context.Background(), types.NamespacedName{Namespace: "ns", Name: name}, &s); err != nil {
		f.t.Fatalf("Secret %s: %v", name, err)
	}
	out := map[string]string{}
	for k, v := range s.Data {
		out[k] = string(v)
	}
	return out
}

func (f *fixture) configMap(name string) *corev1.ConfigMap {
	var c corev1.ConfigMap
	if err := f.client.Get(context.Background(), types.NamespacedName{Namespace: "ns", Name: name}, &c); err != nil {
		f.t.Fatalf("ConfigMap %s: %v", name, err)
	}
	return &c
}

func expr(name, key, value string) *genruntime.DestinationExpression {
	return &genruntime.DestinationExpression{Name: name, Key: key, Value: value}
}

// TestExportValues: values from listKeys and from the GET answer land in one Secret, and the
// action is POSTed once for both keys; config values land in a ConfigMap; both are controlled by
// the resource.
func TestExportValues(t *testing.T) {
	f := newFixture(t)
	obj := newCache(cacheOperatorSpec{
		Secrets: map[string]genruntime.SecretDestination{
			"primaryKey": {Name: "keys", Key: "primary"}, "secondaryKey": {Name: "keys", Key: "secondary"},
			"hostName": {Name: "keys", Key: "host"}, "port": {Name: "keys", Key: "port"},
		},
		ConfigMaps: map[string]genruntime.ConfigMapDestination{"hostName": {Name: "conn", Key: "host"}, "sslPort": {Name: "conn", Key: "port"}},
	})
	written, err := f.export(obj)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"primary": primaryKey, "secondary": secondaryKey, "host": "r1.redis.cache.windows.net", "port": "6379"}
	if got := f.secret("keys"); !equal(got, want) {
		t.Errorf("Secret keys: %v, want %v", got, want)
	}
	cm := f.configMap("conn")
	if !equal(cm.Data, map[string]string{"host": "r1.redis.cache.windows.net", "port": "6380"}) {
		t.Errorf("ConfigMap conn: %v", cm.Data)
	}
	if c := metav1.GetControllerOf(cm); c == nil || c.UID != "uid-r1" || c.Kind != "Redis" || c.APIVersion != "cache.azure.com/v1api20201201" {
		t.Errorf("ConfigMap controller %+v", c)
	}
	if f.actions["listKeys"] != 1 || len(f.actions) != 1 {
		t.Errorf("actions called %v, want listKeys once", f.actions)
	}
	if len(written) != 2 || !written[0].Created || written[0].Kind != "Secret" || written[1].Kind != "ConfigMap" {
		t.Errorf("written %+v", written)
	}
}

// TestExportBytes: a value the wire carries in base64 (a kubeconfig) lands in the Secret
// decoded, as a client reads a kubeconfig from it.
func TestExportBytes(t *testing.T) {
	f := newFixture(t)
	obj := newCache(cacheOperatorSpec{Secrets: map[string]genruntime.SecretDestination{"kubeconfig": {Name: "kc", Key: "value"}}})
	if _, err := f.export(obj); err != nil {
		t.Fatal(err)
	}
	if got := f.secret("kc"); got["value"] != kubeconfig {
		t.Errorf("Secret kc: %q, want the decoded kubeconfig %q", got["value"], kubeconfig)
	}
}

// TestExportNoActionWhenNotNeeded: a resource that asks only for values of its GET answer (or
// nothing) sends no POST, even through a secret expression.
func TestExportNoActionWhenNotNeeded(t *testing.T) {
	cases := map[string]cacheOperatorSpec{
		"nothing asked":      {},
		"GET values only":    {Secrets: map[string]genruntime.SecretDestination{"hostName": {Name: "s", Key: "host"}}},
		"expression on GET":  {SecretExpressions: []*genruntime.DestinationExpression{expr("s", "url", `"redis://" + secret.hostName`)}},
		"config expressions": {ConfigMapExpressions: []*genruntime.DestinationExpression{expr("c", "loc", `self.spec.location`)}},
	}
	for name, op := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			if _, err := f.export(newCache(op)); err != nil {
				t.Fatal(err)
			}
			if len(f.actions) != 0 {
				t.Errorf("actions called: %v", f.actions)
			}
		})
	}
	f := newFixture(t)
	if _, err := f.export(newCache(cacheOperatorSpec{})); err != nil || f.writes != 0 {
		t.Errorf("nothing asked: %d writes, %v", f.writes, err)
	}
}

// TestExportExpressions: a connection string built from self and secret; a map-valued
// expression writes many keys; the secret map holds only the values the expressions read, each
// action called once.
func TestExportExpressions(t *testing.T) {
	f := newFixture(t)
	obj := newCache(cacheOperatorSpec{
		SecretExpressions: []*genruntime.DestinationExpression{
			expr("conn", "url", `"rediss://:" + secret.primaryKey + "@" + self.status.hostName + ":" + string(self.status.sslPort)`),
			expr("conn", "", `{"primary": secret.primaryKey, "secondary": secret.secondaryKey}`),
		},
		ConfigMapExpressions: []*genruntime.DestinationExpression{
			expr("settings", "", `{"location": self.spec.location, "name": self.metadata.name}`),
			expr("settings", "kind", `self.kind`),
		},
	})
	if _, err := f.export(obj); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"url": "rediss://:" + primaryKey + "@r1.redis.cache.windows.net:6380", "primary": primaryKey, "secondary": secondaryKey}
	if got := f.secret("conn"); !equal(got, want) {
		t.Errorf("Secret conn %v, want %v", got, want)
	}
	if got := f.configMap("settings").Data; !equal(got, map[string]string{"location": "westus", "name": "r1", "kind": "Redis"}) {
		t.Errorf("ConfigMap settings %v", got)
	}
	if f.actions["listKeys"] != 1 || f.actions["listTokens"] != 0 {
		t.Errorf("actions %v, want listKeys once and nothing else", f.actions)
	}
}

// TestExportErrors: each way an export fails gives the reason and a message naming the entry,
// never a secret value.
func TestExportErrors(t *testing.T) {
	cases := []struct {
		name    string
		op      cacheOperatorSpec
		objs    []client.Object
		fail    error
		reason  string
		fatal   bool
		mention []string
	}{
		{name: "compile error", reason: ReasonInvalidExpression,
			op:      cacheOperatorSpec{SecretExpressions: []*genruntime.DestinationExpression{expr("s", "k", `"a"`), expr("s", "k2", `self.spec.location +`)}},
			mention: []string{"operatorSpec.secretExpressions[1]", `Secret \"s\" key \"k2\"`, `self.spec.location +`, "Syntax error"}},
		{name: "unknown secret", reason: ReasonInvalidExpression,
			op:      cacheOperatorSpec{SecretExpressions: []*genruntime.DestinationExpression{expr("s", "k", `secret.tertiaryKey`)}},
			mention: []string{"secret.tertiaryKey", "Redis exports no secret tertiaryKey", "primaryKey"}},
		{name: "map with a key", reason: ReasonInvalidExpression,
			op:      cacheOperatorSpec{ConfigMapExpressions: []*genruntime.DestinationExpression{expr("c", "k", `{"a": "b"}`)}},
			mention: []string{"configMapExpressions[0]", "omit key"}},
		{name: "string without a key", reason: ReasonInvalidExpression,
			op:      cacheOperatorSpec{ConfigMapExpressions: []*genruntime.DestinationExpression{expr("c", "", `"b"`)}},
			mention: []string{"configMapExpressions[0]", "set key"}},
		{name: "evaluation error", reason: ReasonExpressionFailed,
			op:      cacheOperatorSpec{ConfigMapExpressions: []*genruntime.DestinationExpression{expr("c", "k", `self.status.missing`)}},
			mention: []string{"self.status.missing", "no such key"}},
		{name: "evaluation error quoting a secret", reason: ReasonExpressionFailed,
			op:      cacheOperatorSpec{SecretExpressions: []*genruntime.DestinationExpression{expr("s", "k", `string(int(secret.primaryKey))`)}},
			mention: []string{"secretExpressions[0]"}},
		{name: "duplicate destinations", reason: ReasonDuplicateExportDestination, fatal: true,
			op: cacheOperatorSpec{
				Secrets:           map[string]genruntime.SecretDestination{"primaryKey": {Name: "s", Key: "k"}},
				SecretExpressions: []*genruntime.DestinationExpression{expr("s", "", `{"k": "x"}`)},
			},
			mention: []string{"operatorSpec.secrets.primaryKey", "operatorSpec.secretExpressions[0]", `Secret \"s\" key \"k\"`}},
		{name: "bad key", reason: ReasonInvalidExportDestination, fatal: true,
			op:      cacheOperatorSpec{ConfigMapExpressions: []*genruntime.DestinationExpression{expr("c", "", `{"no/slash": "x"}`)}},
			mention: []string{"no/slash"}},
		{name: "value not in the answer", reason: ReasonExportedValueNotFound,
			op:      cacheOperatorSpec{Secrets: map[string]genruntime.SecretDestination{"tokens": {Name: "s", Key: "t"}}},
			mention: []string{"operatorSpec.secrets.tokens", "tokens[0].value", "listTokens"}},
		{name: "bytes that are not base64", reason: ReasonExportedValueNotFound,
			op:      cacheOperatorSpec{Secrets: map[string]genruntime.SecretDestination{"hostBytes": {Name: "s", Key: "h"}}},
			mention: []string{"operatorSpec.secrets.hostBytes", "properties.hostName", "not base64"}},
		{name: "action fails", reason: ReasonExportActionFailed, fail: errors.New("AuthorizationFailed: no listKeys for you"),
			op:      cacheOperatorSpec{Secrets: map[string]genruntime.SecretDestination{"primaryKey": {Name: "s", Key: "k"}}},
			mention: []string{"listKeys", "AuthorizationFailed"}},
		{name: "secret controlled by another resource", reason: ReasonSecretOwnedByAnotherResource,
			objs: []client.Object{&corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "s", OwnerReferences: []metav1.OwnerReference{
				{APIVersion: "cache.azure.com/v1api20201201", Kind: "Redis", Name: "other", UID: "uid-other", Controller: ptr(true)}}}}},
			op:      cacheOperatorSpec{Secrets: map[string]genruntime.SecretDestination{"primaryKey": {Name: "s", Key: "k"}}},
			mention: []string{`Secret \"s\"`, `Redis \"other\"`, "cache.azure.com", "operatorSpec.secrets.primaryKey"}},
		{name: "config map made by hand", reason: ReasonConfigMapAlreadyExists,
			objs:    []client.Object{&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "c"}, Data: map[string]string{"mine": "x"}}},
			op:      cacheOperatorSpec{ConfigMaps: map[string]genruntime.ConfigMapDestination{"hostName": {Name: "c", Key: "host"}}},
			mention: []string{`ConfigMap \"c\"`, "not made by the operator"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, c.objs...)
			f.fail = c.fail
			_, err := f.export(newCache(c.op))
			e, ok := AsError(err)
			if !ok {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Reason != c.reason || e.Fatal != c.fatal {
				t.Errorf("reason %s fatal %v, want %s %v (%s)", e.Reason, e.Fatal, c.reason, c.fatal, e.Message)
			}
			if !IsReason(e.Reason) {
				t.Errorf("IsReason(%s) is false", e.Reason)
			}
			wantSeverity := conditions.ConditionSeverityWarning
			if c.fatal {
				wantSeverity = conditions.ConditionSeverityError
			}
			if e.Severity() != wantSeverity {
				t.Errorf("severity %s", e.Severity())
			}
			t.Log(e.Message)
			quoted := strings.ReplaceAll(e.Message, `"`, `\"`)
			for _, m := range c.mention {
				if !strings.Contains(quoted, m) {
					t.Errorf("message %q does not mention %q", e.Message, m)
				}
			}
			for _, v := range []string{primaryKey, secondaryKey} {
				if strings.Contains(e.Message, v) {
					t.Errorf("message reveals a secret: %q", e.Message)
				}
			}
			if f.writes != 0 {
				t.Errorf("%d writes despite the error", f.writes)
			}
		})
	}
}

// TestExportWritesOnlyChanges: a second export of the same values writes nothing; a changed
// value updates the Secret in place, and a key no longer exported goes.
func TestExportWritesOnlyChanges(t *testing.T) {
	f := newFixture(t)
	op := cacheOperatorSpec{
		Secrets:    map[string]genruntime.SecretDestination{"primaryKey": {Name: "s", Key: "k"}, "hostName": {Name: "s", Key: "host"}},
		ConfigMaps: map[string]genruntime.ConfigMapDestination{"hostName": {Name: "c", Key: "host"}},
	}
	if _, err := f.export(newCache(op)); err != nil {
		t.Fatal(err)
	}
	if f.writes != 2 {
		t.Fatalf("%d writes, want 2 creates", f.writes)
	}
	written, err := f.export(newCache(op))
	if err != nil || f.writes != 2 || len(written) != 0 {
		t.Fatalf("an unchanged export wrote: %d writes, %+v, %v", f.writes, written, err)
	}
	delete(op.Secrets, "hostName")
	delete(op.Secrets, "primaryKey")
	op.Secrets["secondaryKey"] = genruntime.SecretDestination{Name: "s", Key: "k"}
	written, err = f.export(newCache(op))
	if err != nil || f.writes != 3 || len(written) != 1 || written[0].Created {
		t.Fatalf("a changed export: %d writes, %+v, %v", f.writes, written, err)
	}
	if got := f.secret("s"); !equal(got, map[string]string{"k": secondaryKey}) {
		t.Errorf("Secret s: %v", got)
	}
}

// TestExportAdoptsWhatItOwns: a Secret with an ownerReference to the resource but no controller
// (an older writer) is taken over; nothing else of its owners changes.
func TestExportAdoptsWhatItOwns(t *testing.T) {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "s", OwnerReferences: []metav1.OwnerReference{
		{APIVersion: "cache.azure.com/v1api20200601", Kind: "Redis", Name: "r1", UID: "uid-r1"},
		{APIVersion: "v1", Kind: "ConfigMap", Name: "x", UID: "uid-x"},
	}}}
	f := newFixture(t, s)
	if _, err := f.export(newCache(cacheOperatorSpec{Secrets: map[string]genruntime.SecretDestination{"hostName": {Name: "s", Key: "h"}}})); err != nil {
		t.Fatal(err)
	}
	var got corev1.Secret
	if err := f.client.Get(context.Background(), types.NamespacedName{Namespace: "ns", Name: "s"}, &got); err != nil {
		t.Fatal(err)
	}
	refs := got.GetOwnerReferences()
	if len(refs) != 2 || refs[0].UID != "uid-x" || refs[1].UID != "uid-r1" || refs[1].Controller == nil || !*refs[1].Controller {
		t.Errorf("owner references %+v", refs)
	}
}

func equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func ptr[T any](v T) *T { return &v }
