package reconciler_test

import (
	"context"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"

	resourcesv1 "github.com/armgen/armgen/generated/resources/v1api20210401"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/internal/exporters"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// Until the generator gives every kind its exporter methods, exportingGroup stands for a
// resource group version that has them: the generated version, plus an operatorSpec read from
// annotations (which conversions carry) so that the test can change it.
type exportingGroup struct {
	resourcesv1.ResourceGroup
}

const (
	annExpression = "test.armgen.io/config-map-expression"
	annConfigMap  = "test.armgen.io/config-map"
)

func (g *exportingGroup) AzureGeneratedSecrets() []genruntime.ExportedValue { return nil }
func (g *exportingGroup) GeneratedConfigs() []genruntime.ExportedValue {
	return []genruntime.ExportedValue{{Name: "id", Path: "id"}, {Name: "location", Path: "location"}}
}
func (g *exportingGroup) SecretDestinations() map[string]genruntime.SecretDestination { return nil }
func (g *exportingGroup) ConfigMapDestinations() map[string]genruntime.ConfigMapDestination {
	return map[string]genruntime.ConfigMapDestination{"id": {Name: g.configMap(), Key: "id"}}
}
func (g *exportingGroup) SecretExpressions() []*genruntime.DestinationExpression { return nil }
func (g *exportingGroup) ConfigMapExpressions() []*genruntime.DestinationExpression {
	if e := g.Annotations[annExpression]; e != "" {
		return []*genruntime.DestinationExpression{{Name: g.configMap(), Value: e}}
	}
	return nil
}

func (g *exportingGroup) configMap() string {
	if n := g.Annotations[annConfigMap]; n != "" {
		return n
	}
	return "rg-info"
}

// exportScheme is the manager's scheme with exportingGroup as the resource group version the
// hub converts to.
func exportScheme(t *testing.T) *runtime.Scheme {
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := resources.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	s.AddKnownTypeWithName(resourcesv1.GroupVersion.WithKind("ResourceGroup"), &exportingGroup{})
	return s
}

func (e *env) configMap(name string) *corev1.ConfigMap {
	var cm corev1.ConfigMap
	if err := e.client.Get(context.Background(), types.NamespacedName{Namespace: "ns", Name: name}, &cm); err != nil {
		e.t.Fatalf("ConfigMap %s: %v", name, err)
	}
	return &cm
}

func (e *env) annotate(name, key, value string) {
	e.t.Helper()
	rg := e.get(rgKind, name)
	setAnn(rg, key, value)
	if err := e.client.Update(context.Background(), rg); err != nil {
		e.t.Fatal(err)
	}
}

func setAnn(o metav1.Object, k, v string) {
	a := o.GetAnnotations()
	if a == nil {
		a = map[string]string{}
	}
	a[k] = v
	o.SetAnnotations(a)
}

// TestExportAfterReady: once Azure holds the resource its ConfigMap is written (values from the
// GET answer and a map-valued expression), and not written again by an unchanged resync. A bad
// expression makes it not Ready with a Warning naming it, without another PUT, and fixing it
// makes it Ready; so does a ConfigMap owned by another resource, once it is out of the way.
func TestExportAfterReady(t *testing.T) {
	rg := group("rg", "", map[string]string{annExpression: `{"location": self.spec.location, "name": self.metadata.name}`})
	rg.UID = "uid-rg"
	e := newEnv(t, armfake.Options{LROPolls: -1}, rg)
	e.scheme = exportScheme(t)
	e.restart()

	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("not Ready: %+v", c)
	}
	cm := e.configMap("rg-info")
	want := map[string]string{"id": "/subscriptions/" + subscription + "/resourceGroups/rg", "location": "westus", "name": "rg"}
	for k, v := range want {
		if cm.Data[k] != v {
			t.Errorf("ConfigMap key %s = %q, want %q (all: %v)", k, cm.Data[k], v, cm.Data)
		}
	}
	if c := metav1.GetControllerOf(cm); c == nil || c.UID != "uid-rg" || c.Kind != "ResourceGroup" {
		t.Errorf("ConfigMap controller %+v", c)
	}
	if ev := drain(e); !strings.Contains(ev, `Created ConfigMap "rg-info"`) {
		t.Errorf("events:\n%s", ev)
	}

	version := cm.ResourceVersion
	e.settle(rgKind, "rg")
	if v := e.configMap("rg-info").ResourceVersion; v != version {
		t.Errorf("an unchanged resync wrote the ConfigMap (%s -> %s)", version, v)
	}

	e.annotate("rg", annExpression, `self.spec.location +`)
	e.srv.ResetRequests()
	e.step(rgKind, "rg")
	e.step(rgKind, "rg")
	c := e.ready(rgKind, "rg")
	if c.Status == metav1.ConditionTrue || c.Reason != exporters.ReasonInvalidExpression || c.Severity != conditions.ConditionSeverityWarning ||
		!strings.Contains(c.Message, "configMapExpressions[0]") || !strings.Contains(c.Message, "self.spec.location +") {
		t.Errorf("a bad expression: %+v", c)
	}
	if n, _ := e.requests("PUT", ""); n != 0 {
		t.Errorf("%d PUTs while the export fails; Azure holds the spec", n)
	}
	if n, _ := e.requests("GET", "/resourceGroups/rg"); n != 2 {
		t.Errorf("%d GETs, want one per attempt", n)
	}

	e.annotate("rg", annExpression, `{"location": self.spec.location}`)
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("fixed, but not Ready: %+v", c)
	}
	if got := e.configMap("rg-info").Data; got["name"] != "" || got["location"] != "westus" {
		t.Errorf("the ConfigMap holds %v: a key no longer exported stays", got)
	}

	taken := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "taken", OwnerReferences: []metav1.OwnerReference{
		{APIVersion: "managedidentity.azure.com/v1api20181130", Kind: "UserAssignedIdentity", Name: "id1", UID: "uid-id1", Controller: ptr(true)}}}}
	if err := e.client.Create(context.Background(), taken); err != nil {
		t.Fatal(err)
	}
	e.annotate("rg", annConfigMap, "taken")
	e.step(rgKind, "rg")
	c = e.ready(rgKind, "rg")
	if c.Reason != exporters.ReasonConfigMapOwnedByAnotherResource || c.Severity != conditions.ConditionSeverityWarning ||
		!strings.Contains(c.Message, `UserAssignedIdentity "id1"`) || !strings.Contains(c.Message, `ConfigMap "taken"`) {
		t.Errorf("a ConfigMap of another resource: %+v", c)
	}
	if err := e.client.Delete(context.Background(), taken); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	if c := e.ready(rgKind, "rg"); c.Status != metav1.ConditionTrue {
		t.Fatalf("the ConfigMap is out of the way, but not Ready: %+v", c)
	}
	if n, _ := e.requests("PUT", ""); n != 0 {
		t.Errorf("%d PUTs in all since the first Ready; the spec did not change", n)
	}
}
