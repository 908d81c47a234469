package armctl

import (
	"fmt"

	"github.com/spf13/cobra"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/crdclean"
)

func newClean(env Env) *cobra.Command {
	clean := &cobra.Command{
		Use:   "clean",
		Short: "Clean up what an operator upgrade leaves in the cluster",
		Args:  cobra.NoArgs,
	}
	clean.AddCommand(newCleanCRDs(env))
	return clean
}

func newCleanCRDs(env Env) *cobra.Command {
	var dryRun bool
	var kubeconfig, kubecontext string
	cmd := &cobra.Command{
		Use:   "crds",
		Short: "Drop API versions no longer served from the status.storedVersions of the operator's CRDs",
		Long: `crds finds, among the CRDs of the operator's API groups, those whose status.storedVersions
lists an API version the CRD no longer serves (an upgrade of the operator stopped serving it).
For each, it rewrites every object of the CRD, in every namespace, unchanged: the API server
stores it again at the CRD's storage version. Then it takes the versions no longer served out of
status.storedVersions, so that a later upgrade can remove them from the CRD altogether.

Run it after upgrading the operator, with the operator running: objects stored at an older
version are read through its conversion webhook. It is safe to run again; an object that fails
to be rewritten leaves its CRD's storedVersions as they were, and the error names it.
With --dry-run it lists and counts, and changes nothing.

The cluster is the kubeconfig's: --kubeconfig, else $KUBECONFIG, else ~/.kube/config, else the
in-cluster service account.`,
		Example: `  armctl clean crds --dry-run
  armctl clean crds --kubeconfig ~/.kube/prod --context aks-west`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := env.restConfig(kubeconfig, kubecontext)
			if err != nil {
				return err
			}
			crds, err := apiextclient.NewForConfig(cfg)
			if err != nil {
				return err
			}
			dyn, err := dynamic.NewForConfig(cfg)
			if err != nil {
				return err
			}
			groups, err := operatorGroups()
			if err != nil {
				return err
			}
			c := crdclean.Cleaner{CRDs: crds.CustomResourceDefinitions(), Dynamic: dyn, Groups: groups, DryRun: dryRun, Out: cmd.OutOrStdout()}
			_, err = c.Run(cmd.Context())
			return err
		},
	}
	f := cmd.Flags()
	f.BoolVar(&dryRun, "dry-run", false, "say what would be rewritten and dropped; change nothing")
	f.StringVar(&kubeconfig, "kubeconfig", "", "the kubeconfig file (default $KUBECONFIG, then ~/.kube/config, then in-cluster)")
	f.StringVar(&kubecontext, "context", "", "the kubeconfig context (default its current context)")
	return cmd
}

// restConfig reaches the cluster: Env.Kube when set (tests), else the kubeconfig as kubectl
// finds it.
func (e Env) restConfig(kubeconfig, kubecontext string) (*rest.Config, error) {
	if e.Kube != nil {
		return rest.CopyConfig(e.Kube), nil
	}
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: kubecontext}).ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("no cluster to talk to: %w (set --kubeconfig or $KUBECONFIG)", err)
	}
	return cfg, nil
}

// operatorGroups are the API groups of the kinds this armctl was built with: the operator's.
func operatorGroups() ([]string, error) {
	scheme := runtime.NewScheme()
	if err := controllers.AddToScheme(scheme); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var groups []string
	for gvk := range scheme.AllKnownTypes() {
		if gvk.Group != "" && !seen[gvk.Group] {
			seen[gvk.Group] = true
			groups = append(groups, gvk.Group)
		}
	}
	return groups, nil
}
