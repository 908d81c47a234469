// Command controller is the armgen operator: the generic reconciler for every generated kind,
// with the conversion webhook. Settings come from the environment (AZURE_SYNC_PERIOD,
// AZURE_TARGET_NAMESPACES, MAX_CONCURRENT_RECONCILES, ...: see docs/operator.md), flags from the
// command line, as Azure Service Operator's manager takes them.
package main

import (
	"fmt"

	"github.com/spf13/cobra"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/settings"
)

func main() { cli.Main(newCommand()) }

func newCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "controller",
		Short: "The armgen operator",
		Long: `controller is the armgen operator: it reconciles every generated Azure kind whose CRD is
installed, and serves the CRDs' conversion webhook. Settings are read from the environment
(see docs/operator.md); the cluster is --kubeconfig's, else $KUBECONFIG's, else in-cluster.`,
		Args: cobra.NoArgs,
	}
	f := bindFlags(cmd)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if err := f.check(); err != nil {
			return &cli.UsageError{Command: cmd.CommandPath(), Err: err}
		}
		return run(f)
	}
	cli.Configure(cmd)
	return cmd
}

func run(f *flags) error {
	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&f.zap)))
	st, err := settings.FromEnvironment()
	if err != nil {
		return err
	}
	opts := f.manager
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
