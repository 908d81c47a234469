package operator_test

import (
	"testing"
	"time"

	"sigs.k8s.io/yaml"

	network "github.com/armgen/armgen/generated/network/v1api20201101"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// wokenWithin is how soon after what it waits for turns Ready a waiting object must be Ready:
// far below the test's WaitDelay (referrerWait), the least backoff, so only a wake-up meets it.
const (
	wokenWithin  = 20 * time.Second
	referrerWait = 2 * time.Minute
)

func fromYAML[T any](t *testing.T, doc string) *T {
	t.Helper()
	var v T
	if err := yaml.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

// TestWaitersWokenWhenWhatTheyNameIsReady: a child created before its owner, and a subnet
// created before the security group it references, are Ready within a short time of the
// owner's or the group's Ready, not after the backoff they asked for (at least the WaitDelay,
// here two minutes): what they wait for wakes them.
func TestWaitersWokenWhenWhatTheyNameIsReady(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1}, time.Hour)
	r.stop()
	r.opts.WaitDelay = referrerWait
	r.startManager()

	// An owner created after its child.
	vnet := fromYAML[network.VirtualNetwork](t, `
metadata: {name: wakevnet}
spec:
  owner: {name: wakerg}
  location: westus2
  addressSpace: {addressPrefixes: [10.0.0.0/16]}
`)
	r.create(vnet)
	time.Sleep(2 * time.Second) // the child looks once, and waits
	rg := group("wakerg", nil)
	r.create(rg)
	r.waitReady(time.Minute, rg)
	r.waitReady(wokenWithin, vnet)

	// A reference created after the subnet naming it.
	subnet := fromYAML[network.VirtualNetworksSubnet](t, `
metadata: {name: wakesubnet}
spec:
  owner: {name: wakevnet}
  addressPrefix: 10.0.0.0/24
  networkSecurityGroup:
    reference: {group: network.azure.com, kind: NetworkSecurityGroup, name: wakensg}
`)
	r.create(subnet)
	r.waitFor("waiting for its reference", time.Minute, func(c conditions.Condition) bool {
		return c.Reason == "ReferenceNotFound"
	}, subnet)
	nsg := fromYAML[network.NetworkSecurityGroup](t, `
metadata: {name: wakensg}
spec:
  owner: {name: wakerg}
  location: westus2
`)
	r.create(nsg)
	r.waitReady(time.Minute, nsg)
	r.waitReady(wokenWithin, subnet)
}
