package crdmanagement

import (
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/crdconversion"
	"github.com/armgen/armgen/pkg/crdowner"
)

// goal is the CRD as the operator applies it: marked as ours and with the operator's version,
// its conversion webhook Service (and cert-manager's Certificate) in the operator's namespace,
// and no caBundle, which the certificate component or cert-manager owns under another field
// manager: setting it here would fight them on every start.
func goal(crd *apiextv1.CustomResourceDefinition, namespace, version string) *apiextv1.CustomResourceDefinition {
	out := crd.DeepCopy()
	if out.Labels == nil {
		out.Labels = map[string]string{}
	}
	out.Labels[crdowner.Label] = crdowner.Value
	out.Labels[VersionLabel] = version
	if conv := out.Spec.Conversion; conv != nil && conv.Webhook != nil && conv.Webhook.ClientConfig != nil {
		conv.Webhook.ClientConfig.CABundle = nil
		if svc := conv.Webhook.ClientConfig.Service; svc != nil {
			svc.Namespace = namespace
		}
	}
	// cert-manager's annotation names the Certificate whose CA goes into the caBundle, namespace first.
	if from, ok := out.Annotations[crdconversion.InjectCAFromAnnotation]; ok {
		if _, name, found := strings.Cut(from, "/"); found {
			out.Annotations[crdconversion.InjectCAFromAnnotation] = namespace + "/" + name
		}
	}
	out.Status = apiextv1.CustomResourceDefinitionStatus{}
	return out
}
