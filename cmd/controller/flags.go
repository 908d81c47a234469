package main

import (
	goflag "flag"
	"os"

	"github.com/spf13/cobra"
	"sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/armgen/armgen/internal/crdmanagement"
	"github.com/armgen/armgen/internal/manager"
)

// flags is what the command line sets.
type flags struct {
	manager manager.Options
	zap     zap.Options
}

// bindFlags declares every flag of the controller, in one place. controller-runtime's
// --kubeconfig and zap's --zap-* flags are Go flags; they join as --long-flags like the rest.
func bindFlags(cmd *cobra.Command) *flags {
	f := &flags{}
	o := &f.manager
	fs := cmd.Flags()
	fs.StringVar(&o.CRDPattern, "crd-pattern", os.Getenv("CRD_PATTERN"), "CRDs to install (auto) or kinds to watch (none): group/Kind globs separated by ';' (resources.azure.com/*;network.azure.com/VirtualNetwork*); env ADDITIONAL_ASO_CRDS adds more (env CRD_PATTERN)")
	fs.StringVar(&o.CRDManagement, "crd-management", manager.CRDManagementAuto, "auto: install the CRDs --crd-pattern names and upgrade every CRD of this operator already installed, at start; none: leave CRDs alone")
	o.AdditionalCRDPattern = os.Getenv(crdmanagement.AdditionalVar)
	fs.StringVar(&o.MetricsAddr, "metrics-addr", ":8080", "address the Prometheus metrics are served on; 0 turns them off")
	fs.StringVar(&o.HealthAddr, "health-addr", ":8081", "address of the /healthz and /readyz probes; 0 turns them off")
	fs.StringVar(&o.PprofAddr, "pprof-addr", "", "address Go's /debug/pprof/ profiles (heap, CPU) are served on, unauthenticated: keep it on 127.0.0.1; empty or 0 turns them off")
	fs.IntVar(&o.WebhookPort, "webhook-port", 9443, "port of the conversion webhook")
	fs.StringVar(&o.WebhookHost, "webhook-host", "", "address the conversion webhook listens on (127.0.0.1 keeps it off the network outside a cluster); default all addresses")
	fs.Var(&o.WebhookCerts, "webhook-certs", "where the webhook's certificate comes from: operator (its own CA and certificate, kept in Secret armgen-webhook-cert of its namespace, CA written into each CRD's caBundle, renewed before expiry) or files (tls.crt and tls.key of --webhook-cert-dir, as cert-manager mounts them)")
	fs.StringVar(&o.WebhookCertDir, "webhook-cert-dir", "", "with --webhook-certs=files, the directory holding tls.crt and tls.key (default: controller-runtime's, /tmp/k8s-webhook-server/serving-certs)")
	fs.BoolVar(&o.LeaderElection, "enable-leader-election", false, "elect one active manager among replicas through a Lease")
	gofs := goflag.NewFlagSet("controller", goflag.ContinueOnError)
	config.RegisterFlags(gofs)
	f.zap.BindFlags(gofs)
	fs.AddGoFlagSet(gofs)
	return f
}

// check refuses, before the cluster is looked for, the CRD settings the manager would refuse
// only after connecting (or, for an empty --crd-management=, read as none and silently leave
// the CRDs alone).
func (f *flags) check() error {
	if err := manager.CheckCRDManagement(f.manager.CRDManagement); err != nil {
		return err
	}
	_, err := crdmanagement.ParsePatterns(f.manager.CRDPattern, f.manager.AdditionalCRDPattern)
	return err
}
