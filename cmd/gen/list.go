package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/pkg/codegen/catalog"
	"github.com/armgen/armgen/pkg/codegen/config"
)

func newListCommand(g *globalFlags) *cobra.Command {
	var f catalog.Filter
	var allVersions bool
	var format string
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the resources the spec root offers, and which ones azure-arm.yaml exports",
		Long: `list reads the swagger of the whole spec root (or the part the filters select), finds the
resources the way generation does, and prints each with its API group, kind, newest stable and
preview api-versions, ARM type, scope and source file. EXPORTED shows the api-versions
azure-arm.yaml exports. An api-version whose swagger cannot be read is reported on its own line;
the rest of the listing is still complete.

The kind and api-version are what "gen add" and azure-arm.yaml take.`,
		Example: `  gen list --group network
  gen list --group cache --all-versions
  gen list --provider Microsoft.Storage --version 2021-04-01 -o json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "table" && format != "json" && format != "yaml" {
				return fmt.Errorf("-o %s: expected table, json or yaml", format)
			}
			cfg, root, err := listInputs(cmd, g)
			if err != nil {
				return err
			}
			cat, err := catalog.Load(cmd.Context(), root, f, cfg)
			if err != nil {
				return err
			}
			if !g.quiet {
				fmt.Fprintf(cmd.ErrOrStderr(), "%d resources in %d api-versions (%d swagger files) in %s\n",
					len(cat.Resources), cat.Versions, cat.Files, cat.Elapsed.Round(time.Millisecond))
			}
			out := cmd.OutOrStdout()
			switch format {
			case "json":
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(cat)
			case "yaml":
				data, err := yaml.Marshal(cat)
				if err != nil {
					return err
				}
				_, err = out.Write(data)
				return err
			}
			return catalog.WriteTable(out, cat, allVersions)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.Group, "group", "", "only this API group (network, or network.azure.com)")
	fl.StringVar(&f.Provider, "provider", "", "only this provider namespace (Microsoft.Network)")
	fl.StringVar(&f.APIVersion, "version", "", "only this api-version (2020-11-01, or v1api20201101)")
	fl.BoolVar(&allVersions, "all-versions", false, "one row per api-version instead of per resource")
	fl.StringVarP(&format, "output", "o", "table", "output format: table, json or yaml")
	return cmd
}

// listInputs finds the config (for the export marks; list still works without one) and the spec
// root, in the same order of precedence as generation.
func listInputs(cmd *cobra.Command, g *globalFlags) (*config.Config, string, error) {
	cfg, err := config.Load(g.config)
	if err != nil {
		if f := cmd.Flag("config"); f != nil && f.Changed {
			return nil, "", err
		}
		cfg = nil
		if !g.quiet {
			fmt.Fprintf(cmd.ErrOrStderr(), "note: %v; exports are not marked\n", err)
		}
	}
	root, err := specRootFor(g, cfg)
	return cfg, root, err
}

// specRootFor decides the spec root: --spec-root, then $ARMGEN_SPEC_ROOT, then specRoot in the
// config (which may be nil).
func specRootFor(g *globalFlags, cfg *config.Config) (string, error) {
	root := g.specRoot
	if root == "" {
		root = os.Getenv(specRootEnv)
	}
	if root == "" && cfg != nil && cfg.SpecRoot != "" {
		root = cfg.ResolvePath(cfg.SpecRoot)
	}
	if root == "" {
		return "", fmt.Errorf("no spec root: pass --spec-root, set %s, or set specRoot in azure-arm.yaml", specRootEnv)
	}
	return root, nil
}
