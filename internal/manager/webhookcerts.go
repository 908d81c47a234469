package manager

import (
	"crypto/tls"
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/webhook"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/webhookcerts"
	"github.com/armgen/armgen/pkg/genruntime"
)

// webhookServer is the conversion webhook's server, serving either the certificate the
// operator keeps itself (the Rotator returned, to be run by the manager) or the files of
// --webhook-cert-dir (no Rotator).
func webhookServer(cfg *rest.Config, scheme *runtime.Scheme, opts Options) (webhook.Server, *webhookcerts.Rotator, error) {
	wo := webhook.Options{Port: opts.WebhookPort, Host: opts.WebhookHost}
	switch mode := opts.WebhookCerts.OrDefault(); mode {
	case webhookcerts.ModeFiles:
		wo.CertDir = opts.WebhookCertDir
		return webhook.NewServer(wo), nil, nil
	case webhookcerts.ModeOperator:
		if opts.WebhookCertDir != "" {
			log.Log.Info("--webhook-cert-dir is read only with --webhook-certs=files; the operator serves its own certificate", "dir", opts.WebhookCertDir)
		}
	default:
		_, err := webhookcerts.ParseMode(string(mode))
		return nil, nil, err
	}
	rot, err := newRotator(cfg, scheme, opts)
	if err != nil {
		return nil, nil, err
	}
	wo.TLSOpts = []func(*tls.Config){rot.TLSOption}
	return webhook.NewServer(wo), rot, nil
}

// newRotator keeps the certificate in the operator's namespace for every kind the webhook
// converts. Its client reads the API server directly: it reads one Secret and, when they
// change, a few CRDs, which a cache would hold (schemas and all) for nothing.
func newRotator(cfg *rest.Config, scheme *runtime.Scheme, opts Options) (*webhookcerts.Rotator, error) {
	cs := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(cs); err != nil {
		return nil, err
	}
	if err := apiextv1.AddToScheme(cs); err != nil {
		return nil, err
	}
	c, err := client.New(cfg, client.Options{Scheme: cs})
	if err != nil {
		return nil, fmt.Errorf("webhook certificates: %w", err)
	}
	gvks, err := genruntime.GroupVersionKinds(scheme, controllers.KnownResources())
	if err != nil {
		return nil, err
	}
	co := opts.WebhookCertOptions
	co.Namespace = orDefault(co.Namespace, opts.Settings.PodNamespace)
	seen := map[schema.GroupKind]bool{}
	for _, gvk := range gvks {
		if gk := gvk.GroupKind(); !seen[gk] {
			seen[gk] = true
			co.Kinds = append(co.Kinds, gk)
		}
	}
	return webhookcerts.New(c, co)
}
