// Package crd renders CustomResourceDefinitions straight from the type graph. It builds the same
// schema controller-tools would derive from the generated Go (a test holds the two together),
// without loading and type-checking the generated packages.
package crd

import (
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/gobuffalo/flect"
	"golang.org/x/sync/errgroup"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/pkg/astmodel"
)

// File is one rendered CRD, Path relative to the output root.
type File struct {
	Path    string
	Content []byte
	// CRD is the object the file holds, for callers that check or bundle it.
	CRD *apiextv1.CustomResourceDefinition
}

// Plural is the resource name of a kind, as controller-tools computes it.
func Plural(kind string) string { return strings.ToLower(flect.Pluralize(kind)) }

// Render builds one CRD per group and kind, with a version per API package that has the kind,
// laid out as crds/<group>/<plural>.yaml with a kustomization per group and one over all groups
// (files holding no CRD have a nil CRD field).
func Render(defs astmodel.Definitions) ([]File, error) {
	return RenderWith(defs, Options{})
}

// RenderWith is Render with options.
func RenderWith(defs astmodel.Definitions, opts Options) ([]File, error) {
	type groupKind struct{ group, kind string }
	byGK := make(map[groupKind][]astmodel.Definition)
	var order []groupKind
	for _, d := range defs.Resources() {
		gk := groupKind{d.Name.Package.FullGroup(), d.Name.Name}
		if _, ok := byGK[gk]; !ok {
			order = append(order, gk)
		}
		byGK[gk] = append(byGK[gk], d)
	}
	slices.SortFunc(order, func(a, b groupKind) int { return strings.Compare(a.group+"/"+a.kind, b.group+"/"+b.kind) })
	// CRDs are independent and some are large: build and marshal them in parallel.
	b := &builder{defs: defs}
	files := make([]File, len(order))
	g := new(errgroup.Group)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, gk := range order {
		g.Go(func() error {
			crd, err := b.crd(gk.group, gk.kind, byGK[gk])
			if err != nil {
				return err
			}
			out, err := marshal(crd, opts)
			if err != nil {
				return fmt.Errorf("%s/%s: %w", gk.group, gk.kind, err)
			}
			files[i] = File{Path: crdPath(gk.group, crd.Spec.Names.Plural), Content: append([]byte("---\n"), out...), CRD: crd}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return append(files, kustomizations(files)...), nil
}

type builder struct {
	defs astmodel.Definitions
}

func (b *builder) crd(group, kind string, versions []astmodel.Definition) (*apiextv1.CustomResourceDefinition, error) {
	plural := Plural(kind)
	crd := &apiextv1.CustomResourceDefinition{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{Name: plural + "." + group},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiextv1.CustomResourceDefinitionNames{
				Kind: kind, ListKind: astmodel.ListName(kind), Plural: plural, Singular: strings.ToLower(kind),
				Categories: []string{"azure", strings.TrimSuffix(group, astmodel.GroupSuffix)},
			},
			Scope: apiextv1.NamespaceScoped,
		},
	}
	slices.SortFunc(versions, func(a, b astmodel.Definition) int {
		return strings.Compare(a.Name.Package.Version, b.Name.Package.Version)
	})
	for _, d := range versions {
		r := d.Type.(*astmodel.ResourceType)
		schema, err := b.rootSchema(d, r)
		if err != nil {
			return nil, err
		}
		crd.Spec.Versions = append(crd.Spec.Versions, apiextv1.CustomResourceDefinitionVersion{
			Name:                     d.Name.Package.Version,
			Served:                   true,
			Storage:                  r.IsStorageVersion,
			Schema:                   &apiextv1.CustomResourceValidation{OpenAPIV3Schema: schema},
			Subresources:             &apiextv1.CustomResourceSubresources{Status: &apiextv1.CustomResourceSubresourceStatus{}},
			AdditionalPrinterColumns: printerColumns(),
		})
	}
	if len(crd.Spec.Versions) > 1 {
		crd.Spec.Conversion = webhookConversion()
		crd.Annotations = map[string]string{InjectCAFromAnnotation: ServingCertificate}
	}
	return crd, nil
}

// Where the API server sends ConversionReviews for kinds served in several versions: the
// operator's webhook service converts through the hub with the generated ConvertTo and
// ConvertFrom methods.
const (
	WebhookServiceName      = "armgen-webhook-service"
	WebhookServiceNamespace = "armgen-system"
	WebhookConversionPath   = "/convert"
)

// The API server trusts the webhook only with a caBundle in the CRD, which cert-manager's CA
// injector fills in from the Certificate this annotation names (config/certmanager). The
// annotation travels with the CRD so that every way of installing CRDs (config/, kubectl apply -k
// generated/crds, gen crds) gets a webhook the API server can call once the operator is deployed;
// without cert-manager it is inert.
const (
	InjectCAFromAnnotation = "cert-manager.io/inject-ca-from"
	ServingCertificate     = WebhookServiceNamespace + "/armgen-serving-cert"
)

// webhookConversion asks the API server to convert between versions through the webhook. (A
// CRD with one version needs no conversion.)
func webhookConversion() *apiextv1.CustomResourceConversion {
	path := WebhookConversionPath
	return &apiextv1.CustomResourceConversion{
		Strategy: apiextv1.WebhookConverter,
		Webhook: &apiextv1.WebhookConversion{
			ConversionReviewVersions: []string{"v1"},
			ClientConfig: &apiextv1.WebhookClientConfig{
				Service: &apiextv1.ServiceReference{Name: WebhookServiceName, Namespace: WebhookServiceNamespace, Path: &path},
			},
		},
	}
}

// printerColumns are the columns kubectl get shows for every resource.
func printerColumns() []apiextv1.CustomResourceColumnDefinition {
	col := func(name, field string) apiextv1.CustomResourceColumnDefinition {
		return apiextv1.CustomResourceColumnDefinition{Name: name, Type: "string", JSONPath: ".status.conditions[?(@.type=='Ready')]." + field}
	}
	return []apiextv1.CustomResourceColumnDefinition{col("Ready", "status"), col("Severity", "severity"), col("Reason", "reason"), col("Message", "message")}
}

// rootSchema is the schema of the resource object. apiVersion, kind and metadata carry no
// descriptions: every cluster knows them, and leaving them out keeps CRDs small.
func (b *builder) rootSchema(d astmodel.Definition, r *astmodel.ResourceType) (*apiextv1.JSONSchemaProps, error) {
	spec, err := b.schema(r.Spec)
	if err != nil {
		return nil, err
	}
	status, err := b.schema(r.Status)
	if err != nil {
		return nil, err
	}
	return &apiextv1.JSONSchemaProps{
		Type:        "object",
		Description: astmodel.DocText(d.Name.Name, d.Description),
		Properties: map[string]apiextv1.JSONSchemaProps{
			"apiVersion": {Type: "string"},
			"kind":       {Type: "string"},
			"metadata":   {Type: "object"},
			"spec":       spec,
			"status":     status,
		},
	}, nil
}
