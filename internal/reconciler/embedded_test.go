package reconciler_test

import (
	"encoding/json"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	network "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestVnetPutKeepsSubnets: a subnet made beside a vnet (as a kind of its own, or by anyone)
// survives a new PUT of the vnet, whose spec does not list it: the PUT carries the subnets Azure
// holds, as Azure Service Operator sends them, since a PUT without them deletes them.
func TestVnetPutKeepsSubnets(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil), vnet("vn", "rg"))
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	vnID := "/subscriptions/" + subscription + "/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vn"
	e.createInAzure(vnID+"/subnets/sn", "2020-11-01", `{"properties":{"addressPrefix":"10.0.1.0/24"}}`)

	e.newGeneration(vnetKind, "vn", func(o genruntime.ARMMetaObject) {
		o.(*network.VirtualNetwork).Spec.Tags = map[string]string{"new": "generation"}
	})
	e.settle(vnetKind, "vn")
	if c := e.ready(vnetKind, "vn"); c.Status != metav1.ConditionTrue || c.ObservedGeneration != 2 {
		t.Fatalf("vnet not Ready at generation 2: %+v", c)
	}
	var last string
	for _, r := range e.srv.Requests() {
		if r.Method == "PUT" && strings.HasSuffix(r.Path, "/virtualNetworks/vn") {
			last = r.Body
		}
	}
	var body struct {
		Properties struct {
			Subnets []struct{ Name string } `json:"subnets"`
		} `json:"properties"`
	}
	if err := json.Unmarshal([]byte(last), &body); err != nil || len(body.Properties.Subnets) != 1 || body.Properties.Subnets[0].Name != "sn" {
		t.Errorf("the second PUT of the vnet does not carry subnet sn: %s", last)
	}
	if ids := strings.Join(e.srv.ResourceIDs(), " "); !strings.Contains(ids, "/subnets/sn") {
		t.Errorf("the subnet was deleted by the vnet's PUT: %s", ids)
	}
}

// TestParentPutKeepsChildrenItsSpecDoesNotList: a vnet spec that lists a subnet of its own does
// not delete, with its PUT, the subnet made beside it (as a kind of its own, or by anyone): the
// PUT carries the listed subnet and adds, by name, the ones Azure holds, as ASO does for a load
// balancer's inbound NAT rules, since ARM deletes a child a parent's collection leaves out.
func TestParentPutKeepsChildrenItsSpecDoesNotList(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil), vnet("vn", "rg"))
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	vnID := "/subscriptions/" + subscription + "/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vn"
	e.createInAzure(vnID+"/subnets/sn", "2020-11-01", `{"properties":{"addressPrefix":"10.0.1.0/24"}}`)

	inline := "inline"
	e.newGeneration(vnetKind, "vn", func(o genruntime.ARMMetaObject) {
		o.(*network.VirtualNetwork).Spec.Subnets = []network.Subnet_SubResourceEmbedded{{Name: &inline}}
	})
	e.settle(vnetKind, "vn")
	if c := e.ready(vnetKind, "vn"); c.Status != metav1.ConditionTrue || c.ObservedGeneration != 2 {
		t.Fatalf("vnet not Ready at generation 2: %+v", c)
	}
	var last string
	for _, r := range e.srv.Requests() {
		if r.Method == "PUT" && strings.HasSuffix(r.Path, "/virtualNetworks/vn") {
			last = r.Body
		}
	}
	var body struct {
		Properties struct {
			Subnets []struct{ Name string } `json:"subnets"`
		} `json:"properties"`
	}
	if err := json.Unmarshal([]byte(last), &body); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range body.Properties.Subnets {
		names = append(names, s.Name)
	}
	if strings.Join(names, ",") != "inline,sn" {
		t.Errorf("the second PUT of the vnet carries subnets %v, want the listed inline and the held sn: %s", names, last)
	}
	if ids := strings.Join(e.srv.ResourceIDs(), " "); !strings.Contains(ids, "/subnets/sn") || !strings.Contains(ids, "/subnets/inline") {
		t.Errorf("the vnet's PUT lost a subnet: %s", ids)
	}
}
