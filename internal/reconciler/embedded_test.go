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
