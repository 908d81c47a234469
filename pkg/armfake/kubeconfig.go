package armfake

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// kubeconfigs makes the credentials a Kubernetes service's listCluster*Credential actions
// answer (AKS: kubeconfigs[].value, bytes in base64) real kubeconfigs, so that a client which
// exports one (Azure Service Operator, Cluster API Provider Azure) can parse what it wrote. The
// cluster they point at does not exist; the token is the value the schema made, so it stays
// deterministic per resource and changes with a rotation.
func kubeconfigs(value any, st *stored, p *armPath, action string) {
	m, ok := value.(map[string]any)
	if !ok {
		return
	}
	list, _ := m["kubeconfigs"].([]any)
	cluster := p.names[len(p.names)-1]
	location, _ := st.body["location"].(string)
	if location == "" {
		location = "westus"
	}
	role := "clusterUser"
	if strings.Contains(strings.ToLower(action), "admin") {
		role = "clusterAdmin"
	}
	user := role + "_" + p.resourceGroup + "_" + cluster
	for _, item := range list {
		kc, ok := item.(map[string]any)
		if !ok {
			continue
		}
		token, ok := kc["value"].(string)
		if !ok {
			continue
		}
		config := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: %[1]s
  cluster:
    server: https://%[2]s.hcp.%[3]s.armfake.example:443
contexts:
- name: %[1]s
  context:
    cluster: %[1]s
    user: %[4]s
current-context: %[1]s
users:
- name: %[4]s
  user:
    token: "%[5]s"
`, cluster, strings.ToLower(cluster), strings.ToLower(location), user, strings.TrimRight(token, "="))
		kc["name"] = role
		kc["value"] = base64.StdEncoding.EncodeToString([]byte(config))
	}
}
