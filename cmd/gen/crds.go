package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/crdbundle"
)

func newCrdsCommand(g *globalFlags) *cobra.Command {
	var pattern, out, dir string
	cmd := &cobra.Command{
		Use:   "crds --pattern PATTERN [--out FILE|-]",
		Short: "Write the CRDs matching a crdPattern as one YAML file, to install only those",
		Long: `crds reads the generated CRDs and writes those the pattern selects as one multi-document YAML
file, so a cluster gets only the resources it uses (every CRD costs API-server memory, and
installing all of them can hit its size and memory limits).

The pattern is Azure Service Operator's crdPattern, read exactly as the operator reads its
--crd-pattern: group/Kind globs separated by ';', matched against "group/Kind" ignoring case,
where * matches any run of characters (the '/' included) and ? one character, or * alone for
every CRD; blanks and empty items are ignored. A CRD is selected with all its versions. Each
item must select at least one CRD; one that selects nothing is an error that lists the known
groups (or the kinds of the group it names), and a pattern naming nothing is an error.

The CRDs are read from the crds folder of the output directory (outputPath in the config), or
from --crd-dir. The whole set, or one group, can also be installed with kustomize:
kubectl apply --server-side -k generated/crds[/<group>].`,
		Example: `  gen crds --pattern 'resources.azure.com/*;network.azure.com/VirtualNetwork*' -o crds.yaml
  gen crds --pattern 'storage.azure.com/*' | kubectl apply --server-side -f -`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCrds(cmd, g, pattern, dir, out)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&pattern, "pattern", "p", "", "group/Kind globs separated by ';', * and ? wildcards, as the operator's --crd-pattern (required)")
	f.StringVarP(&out, "out", "o", "-", "the file to write, or - for standard output")
	f.StringVar(&dir, "crd-dir", "", "the folder of generated CRDs (default the crds folder of outputPath in the config)")
	_ = cmd.MarkFlagRequired("pattern")
	return cmd
}

func runCrds(cmd *cobra.Command, g *globalFlags, pattern, dir, out string) error {
	// crds reads CRDs already generated; the flags that steer generation would change nothing,
	// and ignoring them would let a user believe the bundle came from another spec root.
	for _, flag := range []string{"spec-root", "package"} {
		if cmd.Flags().Changed(flag) {
			return fmt.Errorf("gen crds reads the CRDs already generated (from --crd-dir, or the crds folder of outputPath in the config), so --%s does not apply; generate with `go run ./cmd/gen --%s ... -o DIR` first, then pass --crd-dir DIR/crds", flag, flag)
		}
	}
	p, err := crdbundle.ParsePattern(pattern)
	if err != nil {
		return err
	}
	if dir == "" {
		cfg, err := config.Load(g.config)
		if err != nil {
			return fmt.Errorf("finding the generated CRDs (pass --crd-dir to name the folder): %w", err)
		}
		dir = filepath.Join(cfg.ResolvePath(cfg.OutputPath), "crds")
	}
	all, err := crdbundle.LoadDir(dir)
	if err != nil {
		return err
	}
	selected, err := crdbundle.Select(all, p)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	header := fmt.Sprintf("%d CRDs selected by gen crds --pattern '%s'.\nInstall with: kubectl apply --server-side -f FILE", len(selected), p)
	if err := crdbundle.Write(&buf, header, selected); err != nil {
		return err
	}
	if out == "-" {
		if _, err := cmd.OutOrStdout().Write(buf.Bytes()); err != nil {
			return err
		}
	} else if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	if !g.quiet {
		where := out
		if out == "-" {
			where = "standard output"
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "wrote %d of %d CRDs from %s to %s (%d KiB)\n", len(selected), len(all), dir, where, (buf.Len()+512)>>10)
		if g.verbose {
			for _, c := range selected {
				fmt.Fprintf(cmd.ErrOrStderr(), "  %s/%s\n", c.Group, c.Kind)
			}
		}
	}
	return nil
}

// crdSizeLine is the generation summary's report on CRD sizes (see crdbundle.AnnotationLimit).
func crdSizeLine(files map[string][]byte) string {
	return crdbundle.MeasureSizes(files, crdbundle.AnnotationLimit).String()
}
