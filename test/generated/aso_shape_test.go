package generated_test

import (
	"testing"

	"github.com/armgen/armgen/internal/crdcheck"
)

// TestASOShapedManifestsKeepEveryValue: manifests in the shape Azure Service Operator's generated
// types give these kinds are taken whole, with no field unknown (which a cluster prunes without
// a word): AKS autoscaler settings under their wire names (ASO's
// v2/api/containerservice/v1api20210501 JSON tags spell them scan-interval, ...), and a load
// balancer's backend pools and inbound NAT rules with their properties, which ASO keeps in the
// parent ($resourceEmbeddedInParent: LoadBalancer in its v2/azure-arm/network.yaml).
func TestASOShapedManifestsKeepEveryValue(t *testing.T) {
	crds := generatedCRDs(t)
	for name, doc := range map[string]string{
		"managed cluster autoscaler profile": `
apiVersion: containerservice.azure.com/v1api20210501
kind: ManagedCluster
metadata: {name: aks-autoscale, namespace: default}
spec:
  location: westus3
  owner: {name: aso-sample-rg}
  dnsPrefix: aksautoscale
  agentPoolProfiles:
  - {name: pool1, count: 1, vmSize: Standard_DS2_v2, osType: Linux, mode: System, enableAutoScaling: true, minCount: 1, maxCount: 3}
  autoScalerProfile:
    balance-similar-node-groups: "true"
    expander: least-waste
    max-node-provision-time: 15m
    scan-interval: 20s
    scale-down-delay-after-add: 10m
    skip-nodes-with-system-pods: "false"
  identity: {type: SystemAssigned}
`,
		"load balancer pools and NAT rules": `
apiVersion: network.azure.com/v1api20201101
kind: LoadBalancer
metadata: {name: lb-pools, namespace: default}
spec:
  location: westus3
  owner: {name: aso-sample-rg}
  sku: {name: Standard}
  frontendIPConfigurations:
  - name: front
    publicIPAddress: {reference: {group: network.azure.com, kind: PublicIPAddress, name: samplepublicip}}
  backendAddressPools:
  - name: pool
    loadBalancerBackendAddresses:
    - name: vm1
      ipAddress: 10.0.0.4
      virtualNetwork: {reference: {group: network.azure.com, kind: VirtualNetwork, name: samplevnet}}
  inboundNatRules:
  - name: ssh
    protocol: Tcp
    frontendPort: 2222
    backendPort: 22
    enableTcpReset: true
    frontendIPConfiguration:
      reference: {armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/aso-sample-rg/providers/Microsoft.Network/loadBalancers/lb-pools/frontendIPConfigurations/front}
`,
	} {
		t.Run(name, func(t *testing.T) {
			if err := crdcheck.ValidateYAML(crds, []byte(doc)); err != nil {
				t.Errorf("an ASO-shaped manifest is refused (a cluster would prune these fields):\n%v", err)
			}
		})
	}
}
