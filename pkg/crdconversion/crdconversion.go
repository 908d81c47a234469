// Package crdconversion is where our CRDs send ConversionReviews: the operator's webhook
// Service, and the cert-manager annotation that has the API server trust it. The generator
// writes it into every CRD of several versions; the operator's CRD management writes it into a
// CRD of one version that still stores objects at a version it no longer lists (an upgrade from
// a layout that stored the hub), and neither may pull in the other's code.
package crdconversion

import apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

// The operator's webhook converts through the hub with the generated ConvertTo and ConvertFrom.
const (
	ServiceName      = "armgen-webhook-service"
	ServiceNamespace = "armgen-system"
	Path             = "/convert"
)

// The API server trusts the webhook only with a caBundle in the CRD, which cert-manager's CA
// injector fills in from the Certificate this annotation names (the chart's certManager.enabled).
// Without cert-manager it is inert.
const (
	InjectCAFromAnnotation = "cert-manager.io/inject-ca-from"
	ServingCertificate     = ServiceNamespace + "/armgen-serving-cert"
)

// Webhook asks the API server to convert between versions through the operator's webhook.
func Webhook() *apiextv1.CustomResourceConversion {
	path := Path
	return &apiextv1.CustomResourceConversion{
		Strategy: apiextv1.WebhookConverter,
		Webhook: &apiextv1.WebhookConversion{
			ConversionReviewVersions: []string{"v1"},
			ClientConfig: &apiextv1.WebhookClientConfig{
				Service: &apiextv1.ServiceReference{Name: ServiceName, Namespace: ServiceNamespace, Path: &path},
			},
		},
	}
}
