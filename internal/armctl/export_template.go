package armctl

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/internal/helmchart"
)

func newExport() *cobra.Command {
	export := &cobra.Command{
		Use:   "export",
		Short: "Export the operator's install YAML",
	}
	export.AddCommand(newExportTemplate())
	return export
}

func newExportTemplate() *cobra.Command {
	var crdPattern, version string
	var valueFiles []string
	cmd := &cobra.Command{
		Use:   "template",
		Short: "Print the YAML that installs the operator",
		Long: `template renders the Helm chart built into armctl (charts/armgen) with Helm's engine and
prints it: what 'helm template armgen charts/armgen --namespace armgen-system' prints for the same
values, and, with no flags, what config/ holds. Apply it with 'kubectl apply --server-side -f -'.
The operator then installs the CRDs --crd-pattern names.

--version runs another image tag than the chart's appVersion (the chart itself stays the one
armctl was built with). Values files are read as helm's --values reads them, the flags applied
over them; a value the chart does not accept fails with the value and what is accepted.`,
		Example: `  armctl export template --crd-pattern 'resources.azure.com/*;network.azure.com/VirtualNetwork*' | kubectl apply --server-side -f -
  armctl export template --version v0.2.0 -f my-values.yaml > armgen.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			vals := map[string]any{}
			for _, f := range valueFiles {
				data, err := os.ReadFile(f)
				if err != nil {
					return err
				}
				var v map[string]any
				if err := yaml.Unmarshal(data, &v); err != nil {
					return fmt.Errorf("values file %s: %w", f, err)
				}
				vals = mergeValues(vals, v)
			}
			set := map[string]any{}
			if cmd.Flags().Changed("crd-pattern") {
				set["crdPattern"] = crdPattern
			}
			if version != "" {
				set["image"] = map[string]any{"tag": version}
			}
			vals = mergeValues(vals, set)
			ch, err := helmchart.Load()
			if err != nil {
				return err
			}
			out, err := helmchart.Template(ch, vals, helmchart.DefaultRelease)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), out)
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&crdPattern, "crd-pattern", "", "the CRDs the operator installs and watches: group/Kind patterns separated by ';' (the chart's crdPattern)")
	f.StringVar(&version, "version", "", "the operator's image tag (the chart's image.tag; default its appVersion)")
	f.StringArrayVarP(&valueFiles, "values", "f", nil, "a Helm values file for the chart (repeatable; later files win)")
	return cmd
}

// mergeValues lays over onto base as helm merges --values files: maps merge key by key, any
// other value replaces.
func mergeValues(base, over map[string]any) map[string]any {
	out := make(map[string]any, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		if om, ok := v.(map[string]any); ok {
			if bm, ok := out[k].(map[string]any); ok {
				out[k] = mergeValues(bm, om)
				continue
			}
		}
		out[k] = v
	}
	return out
}
