// Command controller is the armgen operator: the generic reconciler for every generated kind,
// with the conversion webhook. Settings come from the environment (AZURE_SYNC_PERIOD,
// AZURE_TARGET_NAMESPACES, MAX_CONCURRENT_RECONCILES, ...: see docs/operator.md), flags from the
// command line, as Azure Service Operator's manager takes them.
package main

import (
	"flag"
	"fmt"
	"os"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/settings"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "controller:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("controller", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: controller [flags]\n\nThe armgen operator: reconciles every generated Azure kind whose CRD is installed.\nSettings are read from the environment (see docs/operator.md).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	var opts manager.Options
	fs.StringVar(&opts.CRDPattern, "crd-pattern", os.Getenv("CRD_PATTERN"), "CRDs to install (auto) or kinds to watch (none): group/Kind globs separated by ';' (resources.azure.com/*;network.azure.com/VirtualNetwork*); env ADDITIONAL_ASO_CRDS adds more (env CRD_PATTERN)")
	fs.StringVar(&opts.CRDManagement, "crd-management", manager.CRDManagementAuto, "auto: install the CRDs --crd-pattern names and upgrade every CRD of this operator already installed, at start; none: leave CRDs alone")
	opts.AdditionalCRDPattern = os.Getenv("ADDITIONAL_ASO_CRDS")
	fs.StringVar(&opts.MetricsAddr, "metrics-addr", ":8080", "address the Prometheus metrics are served on; 0 turns them off")
	fs.StringVar(&opts.HealthAddr, "health-addr", ":8081", "address of the /healthz and /readyz probes; 0 turns them off")
	fs.IntVar(&opts.WebhookPort, "webhook-port", 9443, "port of the conversion webhook")
	fs.StringVar(&opts.WebhookHost, "webhook-host", "", "address the conversion webhook listens on (127.0.0.1 keeps it off the network outside a cluster); default all addresses")
	fs.StringVar(&opts.WebhookCertDir, "webhook-cert-dir", "", "directory holding the webhook's tls.crt and tls.key (default: controller-runtime's, /tmp/k8s-webhook-server/serving-certs)")
	fs.BoolVar(&opts.LeaderElection, "enable-leader-election", false, "elect one active manager among replicas through a Lease")
	config.RegisterFlags(fs)
	zapOpts := zap.Options{}
	zapOpts.BindFlags(fs)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil
		}
		return err
	}
	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&zapOpts)))

	st, err := settings.FromEnvironment()
	if err != nil {
		return err
	}
	opts.Settings = st
	cfg, err := ctrl.GetConfig()
	if err != nil {
		return fmt.Errorf("no cluster to talk to: %w", err)
	}
	op, err := manager.New(cfg, opts)
	if err != nil {
		return err
	}
	return op.Start(ctrl.SetupSignalHandler())
}
