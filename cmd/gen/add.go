package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen/catalog"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/output"
)

func newAddCommand(g *globalFlags) *cobra.Command {
	var dryRun bool
	cmd := &cobra.Command{
		Use:   "add <group> <api-version> <Kind>...",
		Short: "Export resources: add them to azure-arm.yaml after checking that the spec root has them",
		Long: `add checks that the spec root has each kind in the group's api-version (as "gen list" shows
them), then adds "$export: true" entries for them to azure-arm.yaml, each in its sorted place.
Comments, blank lines and the order of everything else stay as they are. A kind that is already
exported is left alone, so running add twice changes nothing. Run "gen" afterwards to generate.`,
		Example: `  gen add cache 2020-12-01 RedisFirewallRule
  gen add network 2020-11-01 NatGateway PrivateEndpoint`,
		Args: cobra.MinimumNArgs(3),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAdd(cmd, g, args[0], args[1], args[2:], dryRun)
		},
	}
	cmd.Flags().BoolVarP(&dryRun, "dry-run", "n", false, "print the edited config instead of writing it")
	return cmd
}

func runAdd(cmd *cobra.Command, g *globalFlags, group, apiVersion string, kinds []string, dryRun bool) error {
	data, err := os.ReadFile(g.config)
	if err != nil {
		return err
	}
	cfg, err := config.Parse(g.config, data)
	if err != nil {
		return err
	}
	root, err := specRootFor(g, cfg)
	if err != nil {
		return err
	}
	cat, err := catalog.Load(cmd.Context(), root, catalog.Filter{Group: group, APIVersion: apiVersion}, nil)
	if err != nil {
		return fmt.Errorf("%s %s: %w (see gen list)", group, apiVersion, err)
	}
	if len(cat.Problems) > 0 {
		p := cat.Problems[0]
		return fmt.Errorf("%s %s: cannot read its swagger: %s", p.Group, p.APIVersion, p.Error)
	}
	if len(cat.Resources) == 0 {
		return fmt.Errorf("%s %s has no resources (see gen list --group %s)", group, apiVersion, group)
	}
	known := cat.Kinds(group, apiVersion)
	for _, k := range kinds {
		if _, ok := cat.Find(group, apiVersion, k); !ok {
			msg := fmt.Sprintf("%s %s has no resource %s", group, apiVersion, k)
			if s := config.Nearest(k, known); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			return fmt.Errorf("%s (gen list --group %s --version %s shows its resources)", msg, group, apiVersion)
		}
	}
	out, changes, err := config.AddExports(g.config, data, group, apiVersion, kinds)
	if err != nil {
		return err
	}
	w := cmd.ErrOrStderr()
	changed := false
	for _, c := range changes {
		if !g.quiet {
			fmt.Fprintf(w, "%s: %s\n", c.Path, c.What)
		}
		changed = changed || c.Changed()
	}
	if dryRun {
		_, err := cmd.OutOrStdout().Write(out)
		return err
	}
	if !changed {
		return nil
	}
	if err := writeReplacing(g.config, out); err != nil {
		return err
	}
	if !g.quiet {
		fmt.Fprintf(w, "updated %s; run `make generate` (go run ./cmd/gen) to generate\n", g.config)
	}
	return nil
}

// writeReplacing replaces a file's content atomically, keeping its permissions.
func writeReplacing(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	return output.WriteFileAtomic(path, data, info.Mode().Perm())
}
