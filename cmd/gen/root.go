package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// specRootEnv overrides the spec root from the environment (CI sets it).
const specRootEnv = "ARMGEN_SPEC_ROOT"

type globalFlags struct {
	config     string
	specRoot   string
	out        string
	debugStage string
	quiet      bool
	verbose    bool
}

func newRootCommand() *cobra.Command {
	var g globalFlags
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Generate Kubernetes APIs for Azure resources from ARM swagger",
		Long: `gen reads azure-arm.yaml, loads the ARM swagger under the spec root, and writes Go API
packages, deepcopy, CRD YAML and the resource registration list into the output directory
(generated/ by default). The output directory is replaced only when the whole run succeeds.

The spec root is, in order of precedence: --spec-root, $` + specRootEnv + `, specRoot in the config.`,
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runGenerate(cmd, g)
		},
	}
	f := cmd.PersistentFlags()
	f.StringVarP(&g.config, "config", "c", "azure-arm.yaml", "the configuration file")
	f.StringVar(&g.specRoot, "spec-root", "", "the specification folder of azure-rest-api-specs (default $"+specRootEnv+", then specRoot in the config)")
	f.StringVarP(&g.out, "out", "o", "", "the output directory (default outputPath in the config)")
	f.BoolVarP(&g.quiet, "quiet", "q", false, "print errors only")
	f.BoolVarP(&g.verbose, "verbose", "v", false, "print each stage's description and allocations too")
	cmd.Flags().StringVar(&g.debugStage, "debug-stage", "", "dump the pipeline state after this stage to stdout")
	return cmd
}

// options turns flags into generation options.
func (g globalFlags) options() (codegen.Options, error) {
	cfg, err := config.Load(g.config)
	if err != nil {
		return codegen.Options{}, err
	}
	root := g.specRoot
	if root == "" {
		root = os.Getenv(specRootEnv)
	}
	return codegen.Options{Config: cfg, SpecRoot: root, OutputDir: g.out}, nil
}

func runGenerate(cmd *cobra.Command, g globalFlags) error {
	o, err := g.options()
	if err != nil {
		return err
	}
	out := cmd.ErrOrStderr()
	if !g.quiet {
		o.Observe = stagePrinter(out, g.verbose)
	}
	if g.debugStage != "" {
		o.DebugStage = g.debugStage
		o.DebugOut = func(id string, s pipeline.State) error {
			fmt.Fprintf(cmd.OutOrStdout(), "# state after %s\n", id)
			return pipeline.Dump(cmd.OutOrStdout(), s)
		}
	}
	res, err := codegen.Generate(cmd.Context(), o)
	if err != nil {
		return err
	}
	if !g.quiet {
		fmt.Fprintf(out, "generated %d resources, %d types, %d files into %s in %s\n",
			res.Resources, res.Types, len(res.Files), res.OutputDir, res.Elapsed.Round(time.Millisecond))
	}
	return nil
}

// stagePrinter prints one line per stage with its wall time.
func stagePrinter(w io.Writer, verbose bool) func(pipeline.Report) {
	return func(r pipeline.Report) {
		line := fmt.Sprintf("[%2d/%d] %-24s %8s", r.Index+1, r.Total, r.Stage.ID, r.Elapsed.Round(10*time.Microsecond))
		if verbose {
			line += fmt.Sprintf("  %7.1f MiB  %s", float64(r.Allocated)/(1<<20), r.Stage.Description)
		}
		fmt.Fprintln(w, line)
	}
}
