package importer_test

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/validation"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"

	"github.com/armgen/armgen/generated/controllers"
	network "github.com/armgen/armgen/generated/network/v1api20210201"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401"
	storage "github.com/armgen/armgen/generated/storage/v1api20210401"
	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/armkinds"
	"github.com/armgen/armgen/internal/importer"
	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

const sub = "/subscriptions/00000000-0000-0000-0000-000000000001"

type fixture struct {
	t      *testing.T
	srv    *armfake.Server
	arm    *armclient.Client
	scheme *runtime.Scheme
	kinds  *armkinds.Table
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	root := testspecs.Root(t) // armfake needs the swagger of resources, network and storage
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: root, Groups: []string{"resources", "network", "storage"},
		LROPolls: -1, ListPageSize: 2, RetryAfter: 5 * time.Millisecond})
	cred, err := azidentity.NewClientSecretCredential(srv.TenantID(), "importer", "secret", &azidentity.ClientSecretCredentialOptions{
		ClientOptions:            azcore.ClientOptions{Cloud: cloud.Configuration{ActiveDirectoryAuthorityHost: srv.AuthorityHost()}, Transport: srv.Client()},
		DisableInstanceDiscovery: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := armclient.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	cl, err := armclient.New(cred, armclient.Options{Endpoint: srv.URL(), Transport: srv.Client(), Metrics: m})
	if err != nil {
		t.Fatal(err)
	}
	s := runtime.NewScheme()
	if err := controllers.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	kinds, err := armkinds.FromScheme(s)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, srv: srv, arm: cl, scheme: s, kinds: kinds}
}

func (f *fixture) put(id, apiVersion, body string) {
	f.t.Helper()
	p, err := f.arm.BeginCreateOrUpdate(context.Background(), id, apiVersion, []byte(body))
	if err != nil {
		f.t.Fatalf("PUT %s: %v", id, err)
	}
	for !p.Done() {
		if _, _, err := p.Poll(context.Background()); err != nil {
			f.t.Fatal(err)
		}
	}
}

// group makes a resource group holding a virtual network with two subnets, a storage account
// and an IP group (a type without a generated kind).
func (f *fixture) group(name string) (rg, vnet string) {
	rg = sub + "/resourceGroups/" + name
	vnet = rg + "/providers/Microsoft.Network/virtualNetworks/Vnet_1"
	f.put(rg, "2021-04-01", `{"location":"westus","tags":{"team":"a"}}`)
	f.put(vnet, "2021-02-01", `{"location":"westus","properties":{"addressSpace":{"addressPrefixes":["10.0.0.0/16"]}}}`)
	f.put(vnet+"/subnets/front", "2021-02-01", `{"properties":{"addressPrefix":"10.0.1.0/24"}}`)
	f.put(vnet+"/subnets/back", "2021-02-01", `{"properties":{"addressPrefix":"10.0.2.0/24"}}`)
	f.put(rg+"/providers/Microsoft.Storage/storageAccounts/sa1", "2021-04-01", `{"location":"westus","kind":"StorageV2","sku":{"name":"Standard_LRS"}}`)
	f.put(rg+"/providers/Microsoft.Network/ipGroups/ipg1", "2021-02-01", `{"location":"westus","properties":{"ipAddresses":["10.0.0.0/24"]}}`)
	return rg, vnet
}

func (f *fixture) importer(progress io.Writer) *importer.Importer {
	im, err := importer.New(importer.Options{ARM: f.arm, Kinds: f.kinds, Namespace: "apps", ReconcilePolicy: genruntime.ReconcilePolicySkip, Progress: progress})
	if err != nil {
		f.t.Fatal(err)
	}
	return im
}

// decode reads the YAML back as a cluster would, strictly: every field must be known.
func (f *fixture) decode(data []byte) []runtime.Object {
	f.t.Helper()
	codecs := serializer.NewCodecFactory(f.scheme, serializer.EnableStrict)
	r := utilyaml.NewYAMLReader(bufioReader(data))
	var out []runtime.Object
	for {
		doc, err := r.Read()
		if err != nil {
			break
		}
		o, _, err := codecs.UniversalDeserializer().Decode(doc, nil, nil)
		if err != nil {
			f.t.Fatalf("decoding %s: %v", doc, err)
		}
		out = append(out, o)
	}
	return out
}

func TestImportResourceGroup(t *testing.T) {
	f := newFixture(t)
	rg, vnet := f.group("Import-RG")
	var progress bytes.Buffer
	res := f.importer(&progress).Import(context.Background(), []string{rg})
	if len(res.Errors) != 0 {
		t.Fatalf("errors: %v\n%s", res.Errors, progress.String())
	}
	data, err := res.YAML()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("progress:\n%s\nYAML:\n%s", progress.String(), data)
	objs := f.decode(data)
	if len(objs) != 5 {
		t.Fatalf("%d objects, want 5 (group, vnet, 2 subnets, storage account):\n%s", len(objs), data)
	}
	byName := map[string]runtime.Object{}
	for _, o := range objs {
		m := o.(genruntime.ARMMetaObject)
		if errs := validation.IsDNS1123Subdomain(m.GetName()); len(errs) > 0 {
			t.Errorf("name %q: %v", m.GetName(), errs)
		}
		if m.GetNamespace() != "apps" || m.GetAnnotations()[genruntime.ReconcilePolicyAnnotation] != "skip" {
			t.Errorf("%s: namespace %q, annotations %v", m.GetName(), m.GetNamespace(), m.GetAnnotations())
		}
		byName[m.GetName()] = o
	}
	g, ok := byName["import-rg"].(*resources.ResourceGroup)
	if !ok || g.Spec.AzureName != "Import-RG" || *g.Spec.Location != "westus" || g.Spec.Tags["team"] != "a" {
		t.Errorf("resource group: %+v", byName["import-rg"])
	}
	v, ok := byName["import-rg-vnet-1"].(*network.VirtualNetwork)
	if !ok || v.Spec.AzureName != "Vnet_1" || v.Spec.Owner == nil || v.Spec.Owner.Name != "import-rg" || v.Spec.Owner.ARMID != "" {
		t.Fatalf("virtual network: %+v", byName["import-rg-vnet-1"])
	}
	if v.Spec.Subnets != nil {
		t.Errorf("the vnet's spec lists subnets, which are imported as objects of their own: %+v", v.Spec.Subnets)
	}
	for _, n := range []string{"front", "back"} {
		s, ok := byName["import-rg-vnet-1-"+n].(*network.VirtualNetworksSubnet)
		if !ok || s.Spec.AzureName != n || s.Spec.Owner.Name != "import-rg-vnet-1" || s.Spec.AddressPrefix == nil {
			t.Errorf("subnet %s: %+v", n, byName["import-rg-vnet-1-"+n])
		}
	}
	sa, ok := byName["import-rg-sa1"].(*storage.StorageAccount)
	if !ok || sa.Spec.Owner.Name != "import-rg" || sa.Spec.Sku == nil || sa.Spec.Kind == nil {
		t.Errorf("storage account: %+v", byName["import-rg-sa1"])
	}
	if !strings.Contains(string(data), "# "+vnet+"\n") || strings.Contains(string(data), "status:") {
		t.Errorf("each document is headed by its ARM ID, without status:\n%s", data)
	}
	var skipped []string
	for _, s := range res.Skipped {
		skipped = append(skipped, s.ARMType+": "+s.Reason)
	}
	if !slices.Contains(skipped, "Microsoft.Network/ipGroups: no generated kind for Microsoft.Network/ipGroups") {
		t.Errorf("skipped %v, want the IP group", skipped)
	}
	for _, want := range []string{"[1] imported ResourceGroup import-rg", "skipped " + rg + "/providers/Microsoft.Network/ipGroups/ipg1"} {
		if !strings.Contains(progress.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, progress.String())
		}
	}
}

// TestImportOneResource: a resource whose parent is not imported names it by ARM ID; a resource
// named twice (alone and below another) is imported once; an unknown type or a missing resource
// is an error naming the ID.
func TestImportOneResource(t *testing.T) {
	f := newFixture(t)
	rg, vnet := f.group("rg2")
	res := f.importer(nil).Import(context.Background(), []string{vnet + "/subnets/front", vnet,
		rg + "/providers/Microsoft.Network/ipGroups/ipg1", rg + "/providers/Microsoft.Network/virtualNetworks/missing"})
	var names []string
	for _, o := range res.Objects {
		names = append(names, o.Object.GetName())
	}
	if !slices.Equal(names, []string{"vnet-1", "vnet-1-front", "vnet-1-back"}) {
		t.Errorf("imported %v", names)
	}
	v := res.Objects[0].Object.(*network.VirtualNetwork)
	if v.Spec.Owner == nil || v.Spec.Owner.ARMID != rg || v.Spec.Owner.Name != "" {
		t.Errorf("vnet owner %+v, want the group by ARM ID", v.Spec.Owner)
	}
	if len(res.Errors) != 2 || !strings.Contains(res.Errors[0].Error()+res.Errors[1].Error(), "ipGroups/ipg1: no generated kind") ||
		!strings.Contains(res.Errors[0].Error()+res.Errors[1].Error(), "virtualNetworks/missing") {
		t.Errorf("errors %v", res.Errors)
	}
}

func TestImportRefusesOtherSubscriptions(t *testing.T) {
	f := newFixture(t)
	im, err := importer.New(importer.Options{ARM: f.arm, Kinds: f.kinds, CheckSubscription: func(id string) error {
		if !strings.HasPrefix(id, sub+"/") {
			return &subscriptionError{id}
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	res := im.Import(context.Background(), []string{"/subscriptions/other/resourceGroups/rg"})
	if len(res.Errors) != 1 || len(res.Objects) != 0 {
		t.Errorf("%+v", res)
	}
}

type subscriptionError struct{ id string }

func (e *subscriptionError) Error() string { return e.id + " is in another subscription" }
