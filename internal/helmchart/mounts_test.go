package helmchart

import (
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/yaml"
)

// TestDeploymentMountsOnlySecretsTheReleaseMakes: with certManager.enabled, the Deployment
// mounts cert-manager's serving Secret only where the release also renders the Certificate
// that fills it. A release that serves no webhook (watchers only, or a multitenant tenant in its
// own namespace) gets no Certificate, and a volume of a Secret that never comes would keep its
// pod from ever starting.
func TestDeploymentMountsOnlySecretsTheReleaseMakes(t *testing.T) {
	ch, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	cm := map[string]any{"enabled": true}
	for _, tc := range []struct {
		name string
		vals map[string]any
		rel  Release
	}{
		{"webhooks and watchers", map[string]any{"certManager": cm}, DefaultRelease},
		{"watchers only", map[string]any{"certManager": cm, "azureOperatorMode": "watchers"}, DefaultRelease},
		{"multitenant tenant", map[string]any{"certManager": cm, "azureOperatorMode": "watchers",
			"multitenant": map[string]any{"enable": true}}, Release{Name: "armgen", Namespace: "tenant-a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Template(ch, tc.vals, tc.rel)
			if err != nil {
				t.Fatal(err)
			}
			var dep *appsv1.Deployment
			made := map[string]bool{}
			for _, doc := range strings.Split(out, "\n---\n") {
				var head struct {
					Kind     string
					Metadata struct{ Name string }
					Spec     struct{ SecretName string }
				}
				if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
					t.Fatal(err)
				}
				switch head.Kind {
				case "Secret":
					made[head.Metadata.Name] = true
				case "Certificate":
					made[head.Spec.SecretName] = true
				case "Deployment":
					dep = &appsv1.Deployment{}
					if err := yaml.Unmarshal([]byte(doc), dep); err != nil {
						t.Fatal(err)
					}
				}
			}
			if dep == nil {
				t.Fatal("no Deployment rendered")
			}
			for _, v := range dep.Spec.Template.Spec.Volumes {
				if s := v.Secret; s != nil && !made[s.SecretName] && (s.Optional == nil || !*s.Optional) {
					t.Errorf("volume %s mounts Secret %s, which nothing in the release makes", v.Name, s.SecretName)
				}
			}
		})
	}
}
