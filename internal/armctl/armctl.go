// Package armctl is the armctl command line: tools for the users of the operator:
// `armctl import azure-resource`, which writes the YAML that adopts existing Azure resources
// (see docs/import.md), and `armctl export template`, which prints the install YAML. It reads Azure with the operator's own ARM client, settings
// and credential environment.
package armctl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/armkinds"
	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/internal/importer"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/pkg/genruntime"
)

// Env is what the commands take from their surroundings; the zero value is the process's.
type Env struct {
	// Getenv reads settings and the credential (nil: os.Getenv).
	Getenv func(string) string
	// Transport sends the HTTP requests (nil: azcore's, which trusts the system's CAs and
	// SSL_CERT_FILE).
	Transport policy.Transporter
	// Kube reaches the cluster for the commands that work on one (nil: the kubeconfig, as
	// kubectl finds it).
	Kube *rest.Config
}

func (e Env) getenv(k string) string {
	if e.Getenv != nil {
		return e.Getenv(k)
	}
	return os.Getenv(k)
}

// NewCommand returns the armctl root command.
func NewCommand(env Env) *cobra.Command {
	root := &cobra.Command{
		Use:           "armctl",
		Short:         "Tools for the armgen operator's users",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	imp := &cobra.Command{
		Use:   "import",
		Short: "Import existing resources as Kubernetes objects",
	}
	imp.AddCommand(newImportAzureResource(env))
	root.AddCommand(imp, newClean(env), newExport())
	cli.Configure(root)
	return root
}

func newImportAzureResource(env Env) *cobra.Command {
	var output, namespace, policy string
	cmd := &cobra.Command{
		Use:   "azure-resource <ARM ID>...",
		Short: "Write YAML that adopts existing Azure resources and everything below them",
		Long: `azure-resource reads each resource named by its ARM ID from Azure Resource Manager, with
every resource below it that has a generated kind (for a resource group: everything it holds),
and writes one YAML document per resource: the newest API version of its kind, its spec as
Azure holds it, its owner by Kubernetes name. Applied to a cluster where the operator runs,
the objects adopt the resources: the first PUT of each sends what Azure already holds.

Azure is read with the operator's settings and global credential, from the environment:
AZURE_SUBSCRIPTION_ID, AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET (or
AZURE_CLIENT_CERTIFICATE, or USE_WORKLOAD_IDENTITY_AUTH=true); AZURE_RESOURCE_MANAGER_ENDPOINT,
AZURE_RESOURCE_MANAGER_AUDIENCE and AZURE_AUTHORITY_HOST for clouds other than the public one.
Resources must be in AZURE_SUBSCRIPTION_ID, the subscription the operator acts in.

Progress, skipped resource types and errors go to stderr; the command fails if any resource
could not be read, after writing what could.`,
		Example: `  armctl import azure-resource /subscriptions/$SUB/resourceGroups/my-rg -o my-rg.yaml
  armctl import azure-resource $VNET_ID $STORAGE_ID --namespace apps --reconcile-policy skip`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := genruntime.ParseReconcilePolicy(policy)
			if err != nil || p == genruntime.ReconcilePolicyDetachOnDelete {
				return fmt.Errorf("--reconcile-policy %q: want manage or skip", policy)
			}
			return runImport(cmd.Context(), env, args, importFlags{output: output, namespace: namespace, policy: p},
				cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVarP(&output, "output", "o", "", "write the YAML to this file (default stdout)")
	f.StringVarP(&namespace, "namespace", "n", "", "namespace of the objects (default: none written, kubectl's current namespace)")
	f.StringVar(&policy, "reconcile-policy", string(genruntime.ReconcilePolicyManage),
		"the "+genruntime.ReconcilePolicyAnnotation+" annotation of every object: manage (the operator may change the resources, and deletes them with the objects) or skip (it only reads them)")
	return cmd
}

type importFlags struct {
	output, namespace string
	policy            genruntime.ReconcilePolicy
}

func runImport(ctx context.Context, env Env, ids []string, fl importFlags, stdout, stderr io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	client, cred, err := connect(ctx, env)
	if err != nil {
		return err
	}
	scheme := runtime.NewScheme()
	if err := controllers.AddToScheme(scheme); err != nil {
		return err
	}
	kinds, err := armkinds.FromScheme(scheme)
	if err != nil {
		return err
	}
	refused, err := notImportable(scheme, controllers.KnownResources())
	if err != nil {
		return err
	}
	im, err := importer.New(importer.Options{
		ARM: client, Kinds: kinds, Namespace: fl.namespace, ReconcilePolicy: fl.policy,
		Progress: stderr, CheckSubscription: cred.CheckSubscription, NotImportable: refused,
	})
	if err != nil {
		return err
	}
	res := im.Import(ctx, ids)
	data, err := res.YAML()
	if err != nil {
		return err
	}
	where := "stdout"
	if len(res.Objects) == 0 {
		where = "nothing written"
	} else {
		if fl.output == "" {
			if _, err := stdout.Write(data); err != nil {
				return err
			}
		} else {
			if err := os.WriteFile(fl.output, data, 0o644); err != nil {
				return err
			}
			where = fl.output
		}
	}
	fmt.Fprintf(stderr, "imported %s (%s); %d skipped; %d errors\n", count(len(res.Objects), "resource"), where, len(res.Skipped), len(res.Errors))
	if len(res.Errors) > 0 {
		msgs := make([]string, len(res.Errors))
		for i, e := range res.Errors {
			msgs[i] = e.Error()
		}
		return fmt.Errorf("%s could not be imported:\n  %s", count(len(res.Errors), "resource"), strings.Join(msgs, "\n  "))
	}
	return nil
}

// connect builds the ARM client as the operator builds its global one: settings and
// credential from the environment.
func connect(ctx context.Context, env Env) (*armclient.Client, *credentials.Credential, error) {
	st, err := settings.Load(env.getenv)
	if err != nil {
		return nil, nil, err
	}
	provider := credentials.NewProvider(nil, credentials.Options{AuthorityHost: st.AuthorityHost, Transport: env.Transport, Getenv: env.getenv})
	cred, err := provider.Global(ctx)
	var ce *credentials.Error
	if errors.As(err, &ce) && ce.Reason == credentials.ReasonCredentialNotFound {
		return nil, nil, fmt.Errorf("no credential in the environment: set %s, %s, %s and %s (or %s, or %s=true), as for the operator",
			credentials.SubscriptionIDKey, credentials.TenantIDKey, credentials.ClientIDKey, credentials.ClientSecretKey,
			credentials.ClientCertificateKey, credentials.UseWorkloadIdentityKey)
	}
	if err != nil {
		return nil, nil, err
	}
	metrics, err := armclient.NewMetrics(prometheus.NewRegistry())
	if err != nil {
		return nil, nil, err
	}
	client, err := armclient.New(cred.TokenCredential, armclient.Options{
		Endpoint: st.ResourceManagerEndpoint, Audience: st.ResourceManagerAudience,
		Transport: env.Transport, UserAgentSuffix: st.UserAgentSuffix, Metrics: metrics,
	})
	if err != nil {
		return nil, nil, err
	}
	return client, cred, nil
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
